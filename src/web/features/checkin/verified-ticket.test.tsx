import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TCheckinVerdict } from '../../../common/schemas/checkin.responses.ts';
import { VerifiedTicket } from './verified-ticket.tsx';

const guest = {
  rsvp_id: 'r1',
  name: 'Ana Lima',
  phone: null,
  guest_count: 1,
  checked_in_count: 0,
  status: 'confirmed' as const,
  payment_status: null as string | null,
  code_prefix: 'abcdefghijklmnop',
  checked_in_at: null,
  last_checkin: null,
};

function card(paidEvent: boolean, paymentStatus: string | null): string {
  const verdict = {
    ok: true,
    reason: null,
    admitted: 0,
    replay: false,
    event: { id: 'e1', title: 'Gala', image_url: null, is_paid_event: paidEvent },
    guest: { ...guest, payment_status: paymentStatus },
  } satisfies TCheckinVerdict;
  return renderToStaticMarkup(
    <MemoryRouter>
      <VerifiedTicket verdict={verdict} verifiedAt={0} scanMoreHref="/checkin" busy={false} onCheckIn={() => {}} onCancel={() => {}} />
    </MemoryRouter>,
  );
}

describe('the verified ticket card', () => {
  it('stamps PAID only on a ticket the guest paid for', () => {
    expect(card(true, 'paid')).toContain('PAID');
    expect(card(true, null)).not.toContain('PAID'); // a guest the host added free to a paid event
    expect(card(false, null)).not.toContain('PAID');
  });
});
