import { describe, expect, it } from 'vitest';
import { ZGuestListQuery } from '../../../common/schemas/guests.ts';
import { guestSearch } from '../../lib/queries/guest-keys.ts';
import { guestCsvHref } from './api/get-guests.ts';
import { filterOf, paramsFrom } from './list-params.ts';

describe('guest list URL state', () => {
  it('reads the filters, sort and page a URL holds, and drops values the server would refuse', () => {
    const p = paramsFrom(new URLSearchParams('status=maybe&checked_in=no&payment=paid&q=ada&sort=name&dir=desc&page=3&event=x'));
    expect(p).toEqual({ status: 'maybe', checked_in: 'no', payment: 'paid', q: 'ada', sort: 'name', dir: 'desc', page: 3 });
    const junk = paramsFrom(new URLSearchParams('status=going&checked_in=maybe&payment=free&sort=pin&dir=up&page=-2'));
    expect(junk).toEqual({
      status: undefined,
      checked_in: undefined,
      payment: undefined,
      q: undefined,
      sort: undefined,
      dir: undefined,
      page: 1,
    });
    expect(paramsFrom(new URLSearchParams('page=2.5')).page).toBe(1);
    expect(paramsFrom(new URLSearchParams(`q=${'x'.repeat(500)}`)).q).toHaveLength(100);
  });

  it('sends only what is set, and the server accepts every query it builds', () => {
    const params = paramsFrom(new URLSearchParams('status=confirmed&q=415 555&page=2'));
    const search = guestSearch(params);
    expect(search).toBe('?status=confirmed&q=415+555&page=2');
    expect(ZGuestListQuery.safeParse(Object.fromEntries(new URLSearchParams(search))).success).toBe(true);
    expect(guestSearch({ page: 1 })).toBe('');
    expect(guestCsvHref('e1', filterOf(params))).toBe('/api/events/e1/rsvps.csv?status=confirmed&q=415+555');
  });
});
