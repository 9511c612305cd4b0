import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TQuestion } from '../../src/common/schemas/questions.responses.ts';
import { type EmailPayload, outbox } from '../../src/server/db/schema/outbox.ts';
import { NOTIFY_LAG_MS, notifyNewRsvps } from '../../src/server/modules/guests/notify-new-rsvps.ts';
import { createEvent } from '../factories/events.ts';
import { changeAnswer, manageSecretOf, postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

/**
 * The host's own questions on the RSVP form (docs/product.md#custom-questions): the host sets them, the
 * guest answers them (one schema, checked again by the server), the answers show in the guest list,
 * its CSV, the host's e-mail and the manage page; edits keep the answers given.
 */
const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);

const api = (path: string, init: { method?: string; json?: unknown } = {}) => t.request(path, { ...init, cookie: owner.cookie });
async function addQuestion(eventId: string, json: Record<string, unknown>): Promise<TQuestion> {
  const res = await api(`/api/events/${eventId}/questions`, { method: 'POST', json });
  expect(res.status).toBe(201);
  return (await res.json()).question;
}
const questionsOf = async (eventId: string): Promise<TQuestion[]> =>
  (await (await api(`/api/events/${eventId}/questions`)).json()).questions;
const publicQuestions = async (eventId: string) => (await (await t.request(`/api/public/events/${eventId}`)).json()).event.questions;
const guestRows = async (eventId: string, query = '') => (await (await api(`/api/events/${eventId}/rsvps${query}`)).json()).rows;

/** An event with one question of each kind: diet (short, required, Yes only), meal (single), extras (multiple), rules (checkbox, required). */
async function formEvent() {
  const e = await createEvent(t, owner, { notify_rsvps: 'each' });
  const diet = await addQuestion(e.id, { kind: 'short_text', label: 'Dietary needs', required: true, shown_for: 'yes' });
  const meal = await addQuestion(e.id, { kind: 'single_choice', label: 'Meal', options: [{ label: 'Fish' }, { label: 'Veg' }] });
  const extras = await addQuestion(e.id, {
    kind: 'multiple_choice',
    label: 'Extras',
    help: 'Pick any',
    options: [{ label: 'Parking' }, { label: 'Childcare' }, { label: 'Shuttle' }],
  });
  const rules = await addQuestion(e.id, { kind: 'checkbox', label: 'I accept the house rules', required: true });
  const story = await addQuestion(e.id, { kind: 'long_text', label: 'Anything else?' });
  return { e, diet, meal, extras, rules, story };
}

describe('custom questions', () => {
  it('the host builds the form; the public event carries it in order, options by id', async () => {
    const { e, diet, meal, extras, rules, story } = await formEvent();
    expect(diet).toMatchObject({ kind: 'short_text', required: true, shown_for: 'yes', position: 0, answer_count: 0, options: [] });
    expect(meal.options.map((o) => o.label)).toEqual(['Fish', 'Veg']);
    // The add answer is the declared Question, nothing of the stored row besides.
    expect(Object.keys(diet).sort()).toEqual([
      'answer_count',
      'help',
      'id',
      'kind',
      'label',
      'options',
      'position',
      'required',
      'shown_for',
    ]);
    const pub = await publicQuestions(e.id);
    expect(pub.map((q: { id: string }) => q.id)).toEqual([diet.id, meal.id, extras.id, rules.id, story.id]);
    expect(pub[2]).toEqual({
      id: extras.id,
      kind: 'multiple_choice',
      label: 'Extras',
      help: 'Pick any',
      required: false,
      shown_for: 'all',
      options: extras.options,
    });
    // Reordered by the host: the public form follows at once (the cached event is dropped).
    const ids = [story.id, rules.id, extras.id, meal.id, diet.id];
    const ordered = await api(`/api/events/${e.id}/questions/order`, { method: 'PUT', json: { ids } });
    expect(ordered.status).toBe(200);
    expect((await publicQuestions(e.id)).map((q: { id: string }) => q.id)).toEqual(ids);
    // Not every id, or one twice: refused.
    const partial = await api(`/api/events/${e.id}/questions/order`, { method: 'PUT', json: { ids: ids.slice(1) } });
    expect(partial.status).toBe(400);
    expect((await partial.json()).error.fields.ids).toBeTruthy();
  });

  it('bad questions are refused by field: no options on a choice, options on text, a blank label, control characters', async () => {
    const e = await createEvent(t, owner);
    const post = (json: unknown) => api(`/api/events/${e.id}/questions`, { method: 'POST', json });
    const fields = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await res.json()).error.fields;
    };
    expect(await fields(await post({ kind: 'single_choice', label: 'Meal', options: [{ label: 'Only one' }] }))).toHaveProperty('options');
    expect(await fields(await post({ kind: 'short_text', label: 'Name', options: [{ label: 'a' }, { label: 'b' }] }))).toHaveProperty(
      'options',
    );
    expect(await fields(await post({ kind: 'short_text', label: '  ' }))).toHaveProperty('label');
    expect(await fields(await post({ kind: 'short_text', label: 'Bad\u0000label' }))).toHaveProperty('label');
    expect(await fields(await post({ kind: 'essay', label: 'Meal' }))).toHaveProperty('kind');
    expect(await fields(await post({ kind: 'multiple_choice', label: 'Same', options: [{ label: 'A' }, { label: 'a' }] }))).toHaveProperty(
      'options',
    );
  });

  it('a guest answers; a missing required answer is a 400 naming answers.<id>; Yes-only questions are skipped for No', async () => {
    const { e, diet, meal, extras, rules, story } = await formEvent();
    const missing = await postRsvp(t, e.id, rsvpInput({ answers: { [meal.id]: meal.options[0]!.id } }));
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toEqual({
      [`answers.${diet.id}`]: 'Please answer this question.',
      [`answers.${rules.id}`]: 'Please tick this box to continue.',
    });
    const ada = rsvpInput({
      name: 'Ada',
      answers: {
        [diet.id]: '  vegan ',
        [meal.id]: meal.options[1]!.id,
        [extras.id]: [extras.options[2]!.id, extras.options[0]!.id],
        [rules.id]: true,
        [story.id]: '=HYPERLINK("x")\nline two',
      },
    });
    expect((await postRsvp(t, e.id, ada)).status).toBe(201);
    // No: the Yes-only question is not asked, and an answer sent for it anyway is dropped, not stored.
    const bo = rsvpInput({ name: 'Bo', status: 'declined', answers: { [diet.id]: 'ignored', [rules.id]: true } });
    expect((await postRsvp(t, e.id, bo)).status).toBe(201);
    const rows = await guestRows(e.id, '?sort=name');
    expect(rows.map((r: { name: string }) => r.name)).toEqual(['Ada', 'Bo']);
    expect(rows[0].answers).toEqual({
      [diet.id]: 'vegan',
      [meal.id]: 'Veg',
      [extras.id]: 'Parking, Shuttle',
      [rules.id]: 'Yes',
      [story.id]: '=HYPERLINK("x")\nline two',
    });
    expect(rows[1].answers).toEqual({ [rules.id]: 'Yes' });
    // The guest list's filter of a choice: guests who chose that option.
    const parking = await guestRows(e.id, `?answer=${extras.id}:${extras.options[0]!.id}`);
    expect(parking.map((r: { name: string }) => r.name)).toEqual(['Ada']);
    expect(await guestRows(e.id, `?answer=${meal.id}:${meal.options[0]!.id}`)).toEqual([]);
    expect((await api(`/api/events/${e.id}/rsvps?answer=nonsense`)).status).toBe(400);
    // The detail dialog's read carries them too.
    const detail = await (await api(`/api/events/${e.id}/rsvps/${rows[0].id}`)).json();
    expect(detail.rsvp.answers).toMatchObject({ [meal.id]: 'Veg' });
    // The CSV: one column per question, in form order, formulas neutralised.
    const csv = await (await api(`/api/events/${e.id}/rsvps.csv?sort=name`)).text();
    const [header, first] = csv.replace('\uFEFF', '').split('\r\n');
    expect(header!.endsWith(',Dietary needs,Meal,Extras,I accept the house rules,Anything else?')).toBe(true);
    expect(first!.endsWith(`,vegan,Veg,"Parking, Shuttle",Yes,"'=HYPERLINK(""x"")\nline two"`)).toBe(true);
    // The host's new-RSVP e-mail lists each guest's answers.
    await notifyNewRsvps(t.deps, new Date(Date.now() + NOTIFY_LAG_MS + 1000));
    const [mail] = (
      await t.db
        .select({ payload: outbox.payload })
        .from(outbox)
        .where(like(outbox.idempotency_key, `rsvp-notify:${e.id}:%`))
    ).map((r) => r.payload as EmailPayload);
    expect(mail!.text).toContain(
      'Ada — Going\n  Dietary needs: vegan\n  Meal: Veg\n  Extras: Parking, Shuttle\n  I accept the house rules: Yes',
    );
    expect(mail!.html).toContain('<li>Meal: Veg</li>');
  });

  it('the attacker: foreign option and question ids, wrong types, 100 KB of text, control characters', async () => {
    const { e, diet, meal, extras, rules } = await formEvent();
    const other = await formEvent();
    const base = { [diet.id]: 'none', [rules.id]: true };
    const refused = async (answers: Record<string, unknown>, field: string) => {
      const res = await postRsvp(t, e.id, rsvpInput({ answers: { ...base, ...answers } }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.error.fields)).toContain(field);
      return res.body.error.fields[field];
    };
    expect(await refused({ [meal.id]: other.meal.options[0]!.id }, `answers.${meal.id}`)).toBe('Choose one of the options shown.');
    expect(await refused({ [extras.id]: [extras.options[0]!.id, meal.options[0]!.id] }, `answers.${extras.id}`)).toBe(
      'Choose one of the options shown.',
    );
    expect(await refused({ [other.story.id]: 'hi' }, `answers.${other.story.id}`)).toMatch(/not on the form/);
    expect(await refused({ 'not-a-uuid': 'x' }, 'answers.not-a-uuid')).toBeTruthy();
    expect(await refused({ [rules.id]: 'yes' }, `answers.${rules.id}`)).toBeTruthy();
    expect(await refused({ [meal.id]: ['a'] }, `answers.${meal.id}`)).toBeTruthy();
    expect(await refused({ [diet.id]: 'x'.repeat(201) }, `answers.${diet.id}`)).toBe('Use at most 200 characters.');
    expect(await refused({ [diet.id]: 'tab\u0007bell' }, `answers.${diet.id}`)).toMatch(/control characters/);
    // 100 KB of text: over the request limit, refused before anything reads it.
    const huge = await t.request(`/api/public/events/${e.id}/rsvps`, {
      method: 'POST',
      json: rsvpInput({ answers: { ...base, [diet.id]: 'x'.repeat(100_000) } }),
    });
    expect(huge.status).toBe(413);
    expect(await guestRows(e.id)).toEqual([]);
  });

  it('the guest changes their answers from the manage page; a change without answers keeps them', async () => {
    const { e, diet, meal, rules } = await formEvent();
    const ada = rsvpInput({ answers: { [diet.id]: 'none', [rules.id]: true, [meal.id]: meal.options[0]!.id } });
    expect((await postRsvp(t, e.id, ada)).status).toBe(201);
    const secret = await manageSecretOf(t, e.id, ada.email);
    const read = async () => (await (await t.request(`/api/public/rsvps/${secret}`)).json()).rsvp;
    expect((await read()).answers).toEqual({ [diet.id]: 'none', [rules.id]: true, [meal.id]: meal.options[0]!.id });
    expect((await read()).questions).toHaveLength(5);
    const bad = await changeAnswer(t, e.id, ada, { answers: { [rules.id]: true } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty(`answers.${diet.id}`);
    const ok = await changeAnswer(t, e.id, ada, {
      answers: { [diet.id]: 'nut allergy', [rules.id]: true, [meal.id]: meal.options[1]!.id },
    });
    expect(ok.status).toBe(200);
    expect((await read()).answers).toEqual({ [diet.id]: 'nut allergy', [rules.id]: true, [meal.id]: meal.options[1]!.id });
    const { answers: _a, ...noAnswers } = ada as typeof ada & { answers?: unknown };
    expect((await changeAnswer(t, e.id, noAnswers, { guest_count: 2 })).status).toBe(200);
    expect((await read()).answers[diet.id]).toBe('nut allergy');
  });

  it('editing keeps the answers: a renamed option reads its new label, a removed one its old; delete takes its answers', async () => {
    const { e, diet, meal, rules } = await formEvent();
    const [fish, veg] = meal.options;
    const answer = (m: string) => rsvpInput({ answers: { [diet.id]: '-', [rules.id]: true, [meal.id]: m } });
    expect((await postRsvp(t, e.id, answer(fish!.id))).status).toBe(201);
    expect((await postRsvp(t, e.id, answer(veg!.id))).status).toBe(201);
    const patch = (json: unknown) => api(`/api/events/${e.id}/questions/${meal.id}`, { method: 'PATCH', json });
    // Fish renamed, Veg removed, Vegan added; Veg's answer still reads Veg.
    const res = await patch({ label: 'Main course', options: [{ id: fish!.id, label: 'Salmon' }, { label: 'Vegan' }] });
    expect(res.status).toBe(200);
    const changed: TQuestion = (await res.json()).question;
    expect(changed.options.map((o) => o.label)).toEqual(['Salmon', 'Vegan']);
    expect(changed.options[0]!.id).toBe(fish!.id);
    expect(changed.answer_count).toBe(2);
    const texts = (await guestRows(e.id)).map((r: { answers: Record<string, string> }) => r.answers[meal.id]).sort();
    expect(texts).toEqual(['Salmon', 'Veg']);
    // The public form offers only the options in use; a removed option is refused from now on.
    expect(
      (await publicQuestions(e.id)).find((q: { id: string }) => q.id === meal.id).options.map((o: { label: string }) => o.label),
    ).toEqual(['Salmon', 'Vegan']);
    expect((await postRsvp(t, e.id, answer(veg!.id))).status).toBe(400);
    // An option id of another question is not this question's.
    const foreign = await patch({ options: [{ id: diet.id, label: 'X' }, { label: 'Y' }] });
    expect(foreign.status).toBe(400);
    expect((await foreign.json()).error.fields).toHaveProperty('options.0.id');
    // The kind never changes.
    expect((await patch({ kind: 'short_text' })).status).toBe(400);
    // Delete: the question and its answers go (the host is asked first, on screen).
    expect((await api(`/api/events/${e.id}/questions/${meal.id}`, { method: 'DELETE' })).status).toBe(204);
    expect((await questionsOf(e.id)).map((q) => q.id)).not.toContain(meal.id);
    expect((await guestRows(e.id)).every((r: { answers: Record<string, string> }) => !(meal.id in r.answers))).toBe(true);
    expect((await api(`/api/events/${e.id}/questions/${meal.id}`, { method: 'DELETE' })).status).toBe(404);
    // A question id of another event is not found there.
    const other = await formEvent();
    expect((await patch({ label: 'x' })).status).toBe(404);
    expect((await api(`/api/events/${e.id}/questions/${other.meal.id}`, { method: 'PATCH', json: { label: 'x' } })).status).toBe(404);
  });

  it('a No turned Yes through the manage API without answers still has to answer the Yes questions', async () => {
    const e = await createEvent(t, owner, {});
    const rules = await addQuestion(e.id, { kind: 'checkbox', label: 'I accept the house rules', required: true, shown_for: 'yes' });
    const no = rsvpInput({ status: 'declined' });
    expect((await postRsvp(t, e.id, no)).status).toBe(201);
    const secret = await manageSecretOf(t, e.id, no.email);
    const change = (json: Record<string, unknown>) => t.request(`/api/public/rsvps/${secret}`, { method: 'PUT', json });
    const bare = await change({ name: no.name, guest_count: 1, status: 'confirmed' });
    expect(bare.status).toBe(400);
    expect((await bare.json()).error.fields).toHaveProperty(`answers.${rules.id}`);
    expect((await change({ name: no.name, guest_count: 1, status: 'confirmed', answers: { [rules.id]: true } })).status).toBe(200);
    // Its answers stored, a later change without them is fine.
    expect((await change({ name: 'Renamed', guest_count: 1, status: 'confirmed' })).status).toBe(200);
  });

  it('joining the waitlist asks the questions of a Yes and keeps the answers', async () => {
    const e = await createEvent(t, owner, { max_attendees: 1, waitlist_offer_hours: 24 });
    const rules = await addQuestion(e.id, { kind: 'checkbox', label: 'I accept the house rules', required: true });
    const diet = await addQuestion(e.id, { kind: 'short_text', label: 'Dietary needs', shown_for: 'yes' });
    expect((await postRsvp(t, e.id, rsvpInput({ answers: { [rules.id]: true } }))).status).toBe(201);
    const join = (answers?: Record<string, unknown>) =>
      t.request(`/api/public/events/${e.id}/waitlist`, {
        method: 'POST',
        json: { name: 'Wren', email: `wren-${Date.now()}@example.com`, guest_count: 1, ...(answers ? { answers } : {}) },
      });
    const missing = await join({ [diet.id]: 'vegan' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.fields).toHaveProperty(`answers.${rules.id}`);
    expect((await join({ [rules.id]: true, [diet.id]: 'vegan' })).status).toBe(201);
    const [row] = (await guestRows(e.id, '?status=waitlist')) as { answers: Record<string, unknown> }[];
    expect(row!.answers).toEqual({ [rules.id]: 'Yes', [diet.id]: 'vegan' });
  });

  it('an event without questions: answers are refused by name, the RSVP is as before', async () => {
    const e = await createEvent(t, owner);
    expect(await publicQuestions(e.id)).toEqual([]);
    expect((await postRsvp(t, e.id, rsvpInput())).status).toBe(201);
    const stray = await postRsvp(t, e.id, rsvpInput({ answers: { [e.id]: 'x' } }));
    expect(stray.status).toBe(400);
    expect(stray.body.error.fields).toHaveProperty(`answers.${e.id}`);
  });
});
