import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { AnswersFirst } from '../../src/server/http/answers-first.ts';
import { ANSWERS_BUSY_MESSAGE, BUSY_RETRY_AFTER_S, DoorFirst, LATE_BUDGET_MS, WINDOW_MS } from '../../src/server/http/door-first.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

// docs/decisions/0037-door-first.md: the door outranks new answers.
const t = await createTestApp({ RATE_LIMIT: 'false' });
const owner = await signedInUser(t);
const event = await createEvent(t, owner, { title: 'Door First Night' });
// The app's gate on a clock that stands still: its line moves only when the test says so.
t.deps.doorFirst.close();
t.deps.doorFirst = new DoorFirst({ now: () => 1_000, setTimeout: () => ({}), clearTimeout: () => {} });
afterAll(() => t.deps.doorFirst.close());

/** Fills the line until the gate refuses: its next answer's turn is more than the longest wait away. */
function fillTheLine() {
  const waiting: Promise<void>[] = [];
  for (;;) {
    try {
      const turn = t.deps.doorFirst.admit();
      if (turn) waiting.push(turn);
    } catch {
      return waiting;
    }
  }
}

describe('the door outranks new answers', () => {
  it('answers start at once while nobody scans; a signed-in check-in request makes the door busy', async () => {
    expect(t.deps.doorFirst.admit()).toBeUndefined();
    expect(t.deps.doorFirst.admit()).toBeUndefined();
    const anonymous = await t.request(`/api/checkin/${event.id}/stats`);
    expect(anonymous.status).toBe(401);
    expect(t.deps.doorFirst.admit()).toBeUndefined(); // a stranger's request does not slow anyone
    const res = await t.request(`/api/checkin/${event.id}/stats`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    t.deps.doorFirst.admit(); // takes the free slot
    expect(t.deps.doorFirst.admit()).toBeInstanceOf(Promise); // the next one waits its turn
  });

  it('an answer that would wait too long gets 503 with Retry-After, before anything is written', async () => {
    await t.request(`/api/checkin/${event.id}/stats`, { cookie: owner.cookie });
    const waiting = fillTheLine();
    const input = rsvpInput();
    const res = await postRsvp(t, event.id, input);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    expect(res.body.error).toMatchObject({ code: 'unavailable', message: ANSWERS_BUSY_MESSAGE });
    expect(await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, input.email))).toHaveLength(0);

    // The line lets go when the gate closes (as it does once the door has been quiet): the same answer is then taken.
    t.deps.doorFirst.close();
    await Promise.all(waiting);
    const again = await postRsvp(t, event.id, input);
    expect(again.status).toBe(201);
  });
});

// docs/decisions/0040-answers-first.md: new answers outrank event-page views.
describe('new answers outrank event-page views', () => {
  it('while an answer is in flight and the loop ran late, page views start a turn at a time, and all are served', async () => {
    const real = t.deps.answersFirst;
    // Timers that never fire (the test sets the limit), turns of the real loop.
    const gate = new AnswersFirst({ now: () => 1_000, setTimeout: () => ({}), clearTimeout: () => {}, nextTurn: (fn) => setImmediate(fn) });
    t.deps.answersFirst = gate;
    try {
      gate.answerStarted();
      for (let w = 1; w <= 10; w++) {
        gate.observeLateness(LATE_BUDGET_MS + 1, 1_000 + w * WINDOW_MS - 1);
        gate.observeLateness(LATE_BUDGET_MS + 1, 1_000 + w * WINDOW_MS);
      }
      expect(gate.currentPerTurn).toBe(1);
      const pages = await Promise.all([1, 2, 3].map(() => t.request(`/event/${event.slug}`)));
      expect(pages.map((p) => p.status)).toEqual([200, 200, 200]);
      expect(gate.heldPageViews).toBe(3);
      gate.answerEnded();
      // A real answer counts as in flight only while it is handled: once it is answered, pages start at once.
      expect((await postRsvp(t, event.id, rsvpInput())).status).toBe(201);
      expect(gate.pageView()).toBeUndefined();
    } finally {
      gate.close();
      t.deps.answersFirst = real;
    }
  });
});
