/**
 * Messaging (issues 16, 31): a host selects three guests in the guest list, finds the message started
 * from the event, texts them from the Messaging tab after confirming the counts, follows the server
 * job's progress bar, and sees 'Partial Success' with the one number the (fake) Twilio API refused
 * listed with its reason, and the send in the event's history.
 */
import type { APIRequestContext } from '@playwright/test';
import type { TEventAdmin } from '../../src/common/schemas/events.ts';
import { FAKE_TWILIO, startFakeTwilio } from '../support/fake-twilio.ts';
import { createOwner, expect, test } from './fixtures.ts';

const BAD = '+14155550100';
// The server of this file is pointed at the fake before it starts: a port of its own per worker.
const TWILIO_PORT = 20_000 + (process.pid % 20_000);
let twilio: Awaited<ReturnType<typeof startFakeTwilio>> | undefined;

test.use({
  serverEnv: {
    TWILIO_ACCOUNT_SID: FAKE_TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: FAKE_TWILIO.authToken,
    TWILIO_FROM: FAKE_TWILIO.from,
    TWILIO_API_BASE_URL: `http://127.0.0.1:${TWILIO_PORT}`,
  },
});
test.beforeAll(async () => {
  twilio = await startFakeTwilio(
    (sms) => (sms.to === BAD ? { status: 400, code: 21211, message: `The 'To' number ${BAD} is not a valid phone number.` } : undefined),
    { port: TWILIO_PORT },
  );
});
test.afterAll(async () => {
  await twilio?.close();
});

async function setUp(owner: APIRequestContext) {
  const res = await owner.post('/api/events', {
    data: { title: 'Harbour Supper', event_date: '2030-07-18T22:00:00Z', timezone: 'America/Chicago', location: 'Pier 7' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const event = ((await res.json()) as { event: TEventAdmin }).event;
  const guests = [
    { name: 'Ada Lovelace', phone: '415 555 0101' },
    { name: 'Grace Hopper', phone: '415 555 0102' },
    { name: 'Hedy Lamarr', phone: BAD },
    { name: 'Alan Turing', phone: '415 555 0104' },
  ];
  for (const g of guests) {
    const r = await owner.post(`/api/public/events/${event.id}/rsvps`, {
      data: { ...g, email: `${g.name.split(' ')[0]!.toLowerCase()}@example.com` },
    });
    expect(r.status(), await r.text()).toBe(201);
  }
  return event;
}

test('a host texts three selected guests; one number is refused → Partial Success', async ({ page, server, playwright }) => {
  // It waits for a real server job and the outbox worker: on a loaded machine that outlasts 30 s.
  test.slow();
  const owner = await playwright.request.newContext({ baseURL: server.baseURL });
  await createOwner(owner, server);
  const event = await setUp(owner);
  await createOwner(page, server);

  await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
  for (const name of ['Ada Lovelace', 'Grace Hopper', 'Hedy Lamarr']) {
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }
  await page.getByRole('link', { name: 'Text selected (3)' }).click();

  const chips = page.getByRole('list', { name: 'Recipients' });
  await expect(chips.getByRole('listitem')).toHaveCount(3);
  await expect(chips).not.toContainText('Alan Turing');
  const message = page.getByLabel('Message', { exact: true });
  // The text starts from this event: its title, its date and time in its zone, its place (prefill.test.ts has the rest).
  await expect(message).toHaveValue(/^You're invited to Harbour Supper: Thursday, July 18, 2030 at 5:00 PM CDT, Pier 7\./);
  // The count is the server's own rule (common/sms.ts smsLength): an emoji counts two, so this is 1,601.
  await message.fill(`${'x'.repeat(1599)}🎉`);
  await expect(page.getByText(/^1601 \/ 1600 characters · \d+ segments \(UCS-2\)$/)).toBeVisible();
  await page.getByRole('button', { name: 'Send Messages' }).click();
  await expect(page.getByText('Please shorten your message to 1600 characters or less.')).toBeVisible();
  await message.fill('Doors open at 7 on Pier 7.');
  await expect(page.getByText('26 / 1600 characters · 1 segment (GSM-7)')).toBeVisible();

  await page.getByRole('button', { name: 'Send Messages' }).click();
  // Nothing goes before the host confirms the real counts; Cancel is focused, Escape cancels.
  const confirm = page.getByRole('alertdialog', { name: 'Text 3 people · 3 segments?' });
  await expect(confirm).toContainText('Doors open at 7 on Pier 7.');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Send Messages' }).click();
  await confirm.getByRole('button', { name: 'Text 3 people · 3 segments' }).click();
  await expect(page.getByRole('progressbar', { name: 'Sending messages' })).toBeVisible();
  await expect(page.getByText('Partial Success: 2 sent, 1 failed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(`The 'To' number ${BAD} is not a valid phone number.`).first()).toBeVisible();
  // The bar goes 2 s after the end; the outcome stays.
  await expect(page.getByRole('progressbar', { name: 'Sending messages' })).toBeHidden({ timeout: 5_000 });
  expect(twilio!.received.map((m) => m.to).sort()).toEqual(['+14155550101', '+14155550102']);
  expect(twilio!.received.every((m) => m.body === 'Doors open at 7 on Pier 7.')).toBe(true);
  // The box starts from the event again, and the send is in the history.
  await expect(message).toHaveValue(/^You're invited to Harbour Supper/);
  const history = page.getByRole('list', { name: 'Sent messages' });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('3 recipients · 2 sent · 1 failed');

  // The guest list shows each row's SMS status.
  await page.goto(`/auth/admin?tab=guest-list&event=${event.id}`);
  const table = page.getByRole('table');
  await expect(table.getByText(/SMS failed: Twilio 21211/)).toBeVisible();
  await expect(table.getByText('SMS sent')).toHaveCount(2);
});
