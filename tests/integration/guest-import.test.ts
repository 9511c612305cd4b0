import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TGuestImport, TImportMapping, TImportPreview } from '../../src/common/schemas/guest-imports.ts';
import type { TCheckinVerdict } from '../../src/common/schemas/checkin.responses.ts';
import { events } from '../../src/server/db/schema/events.ts';
import { guest_import_rows } from '../../src/server/db/schema/guest-imports.ts';
import { outbox } from '../../src/server/db/schema/outbox.ts';
import { rsvp_answers } from '../../src/server/db/schema/questions.ts';
import { event_rsvps } from '../../src/server/db/schema/rsvps.ts';
import { drainJobs } from '../../src/server/modules/jobs/run-jobs.ts';
import { createEvent } from '../factories/events.ts';
import { postRsvp, rsvpInput } from '../factories/rsvps.ts';
import { signedInUser } from '../factories/users.ts';
import { createTestApp } from '../support/app.ts';

const t = await createTestApp({ RATE_LIMIT: 'false', LOG_LEVEL: 'error' });
const owner = await signedInUser(t);
const cohost = await signedInUser(t);
const stranger = await signedInUser(t);

async function newEvent(overrides: Record<string, unknown> = {}) {
  const e = await createEvent(t, owner, overrides);
  await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: cohost.email }, cookie: owner.cookie });
  return e;
}

async function upload(eventId: string, body: Uint8Array | string, who = owner, name = 'guests.csv') {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  return t.request(`/api/events/${eventId}/guest-imports?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    body: bytes as unknown as BodyInit,
    headers: { 'content-type': 'text/csv' },
    cookie: who.cookie,
  });
}
async function uploaded(eventId: string, body: Uint8Array | string): Promise<TGuestImport> {
  const res = await upload(eventId, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()).import;
}
async function preview(eventId: string, importId: string, mapping: TImportMapping): Promise<TImportPreview> {
  const res = await t.request(`/api/events/${eventId}/guest-imports/${importId}/preview`, {
    method: 'POST',
    json: { mapping },
    cookie: owner.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
/** Uploads, starts with the suggested mapping (or `mapping`), runs the job: the finished import. */
async function importFile(
  eventId: string,
  body: Uint8Array | string,
  opts: { mapping?: TImportMapping; send_tickets?: boolean; send_reminders?: boolean } = {},
) {
  const imp = await uploaded(eventId, body);
  const res = await t.request(`/api/events/${eventId}/guest-imports/${imp.id}/start`, {
    method: 'POST',
    json: { mapping: opts.mapping ?? imp.mapping, send_tickets: opts.send_tickets ?? false, send_reminders: opts.send_reminders ?? false },
    cookie: owner.cookie,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  await drainJobs(t.deps);
  const done = await t.request(`/api/events/${eventId}/guest-imports/${imp.id}`, { cookie: owner.cookie });
  return (await done.json()).import as TGuestImport;
}
const guestsOf = (eventId: string) => t.db.select().from(event_rsvps).where(eq(event_rsvps.event_id, eventId)).orderBy(event_rsvps.email);

describe('guest import: reading the file', () => {
  it('UTF-8 with a BOM and commas: the header, the first rows and a mapping suggested from the header', async () => {
    const e = await newEvent();
    const imp = await uploaded(
      e.id,
      '\uFEFFFull Name,E-mail Address,Mobile,Party size,RSVP,Notes,Barcode\nAda Lovelace,ADA@example.com,+44 20 7946 0958,2,yes,Vegan,LEG-0001\n',
    );
    expect(imp).toMatchObject({
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['Full Name', 'E-mail Address', 'Mobile', 'Party size', 'RSVP', 'Notes', 'Barcode'],
      row_count: 1,
      status: 'uploaded',
      sample: [['Ada Lovelace', 'ADA@example.com', '+44 20 7946 0958', '2', 'yes', 'Vegan', 'LEG-0001']],
      mapping: { name: 0, email: 1, phone: 2, guest_count: 3, status: 4, notes: 5, ticket_code: 6 },
    });
    // Nothing is written to the guest list by an upload.
    expect(await guestsOf(e.id)).toHaveLength(0);
  });

  it('UTF-16 with tabs, Windows-1252 with semicolons, and Excel’s sep= line', async () => {
    const e = await newEvent();
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Name\tEmail\nZoë Ørsted\tzoe@example.com\n', 'utf16le')]);
    expect(await uploaded(e.id, utf16)).toMatchObject({
      encoding: 'utf-16le',
      delimiter: '\t',
      sample: [['Zoë Ørsted', 'zoe@example.com']],
    });
    const latin = Buffer.from('Nom;Courriel\nJos\xe9 Mart\xednez;jose@example.com\n', 'latin1');
    expect(await uploaded(e.id, latin)).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      sample: [['José Martínez', 'jose@example.com']],
      mapping: { last_name: 0, email: 1 },
    });
    expect(await uploaded(e.id, 'sep=|\nName|Email\nBo|bo@example.com\n')).toMatchObject({ delimiter: '|', headers: ['Name', 'Email'] });
    // Excel's Windows-1252 punctuation (’ € – …), which Node's decoder of that name turns into control characters.
    const smart = Buffer.from('Name,Notes,Email\nMiles O\x92Brien,\x80 20 \x96 paid\x85,miles@example.com\n', 'latin1');
    expect((await uploaded(e.id, smart)).sample).toEqual([['Miles O’Brien', '€ 20 – paid…', 'miles@example.com']]);
    // UTF-8 with one stray byte stays UTF-8: only that row fails.
    const stray = Buffer.concat([Buffer.from('Name,Email\nJosé,jose@example.com\nBad\xff,b@example.com\n', 'utf8')]);
    const strayImp = await uploaded(e.id, Buffer.from(stray.toString('latin1').replace('\u00c3\u00bf', '\u00ff'), 'latin1'));
    expect(strayImp).toMatchObject({
      encoding: 'utf-8',
      sample: [
        ['José', 'jose@example.com'],
        ['Bad\uFFFD', 'b@example.com'],
      ],
    });
  });

  it('junk bytes, formulas and broken quoting are row errors, never a 500; an empty or header-only file is a 400', async () => {
    const e = await newEvent();
    const junk = Buffer.concat([
      Buffer.from('Name,Email,Notes\n'),
      Buffer.from('Good,good@example.com,fine\n'),
      Buffer.from([0x00, 0xff, 0x13, 0x2c, 0x80, 0x0a]), // NUL, stray bytes, a comma, a newline
      Buffer.from('=HYPERLINK("http://evil.example"),f@example.com,x\n'),
      Buffer.from('@SUM(1+1),g@example.com,x\n'),
      Buffer.from('Quote "in" middle,q@example.com,x\n'),
      Buffer.from('"Never closed,h@example.com,x\nLast,last@example.com,x\n'),
    ]);
    const imp = await uploaded(e.id, junk);
    const p = await preview(e.id, imp.id, { name: 0, email: 1, notes: 2 });
    // A quote inside an unquoted cell is read as text, as spreadsheets do.
    expect(p.rows.map((r) => r.action)).toEqual(['create', 'skip', 'skip', 'skip', 'create', 'skip']);
    expect(p.rows[1]!.errors.map((x) => x.field)).toEqual(['name', 'email']);
    expect(p.rows[2]!.errors[0]!.message).toMatch(/formula/);
    expect(p.rows[3]!.errors[0]!.message).toMatch(/formula/);
    expect(
      p.rows
        .at(-1)!
        .errors.map((x) => x.message)
        .join(' '),
    ).toMatch(/never closed/);
    const done = await importFile(e.id, junk, { mapping: { name: 0, email: 1, notes: 2 } });
    expect(done.status).toBe('done');
    expect(done.counts).toMatchObject({ created: 2, failed: 4 });
    expect(done.row_count).toBe(6);

    for (const [body, status] of [
      ['', 400],
      ['Name,Email\n', 400],
      [`${Array.from({ length: 101 }, (_, i) => `c${i}`).join(',')}\nx\n`, 400],
    ] as const) {
      const res = await upload(e.id, body);
      expect(res.status).toBe(status);
      expect((await res.json()).error.fields.file).toBeTruthy();
    }
    // Not a CSV: a workbook (xlsx is a zip), a multipart form, a line over 1 MB.
    const xlsx = await upload(e.id, Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]));
    expect(xlsx.status).toBe(415);
    expect((await xlsx.json()).error.fields.file).toMatch(/save it as CSV/);
    const form = await t.request(`/api/events/${e.id}/guest-imports`, {
      method: 'POST',
      body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nName,Email\r\n--x--',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      cookie: owner.cookie,
    });
    expect(form.status).toBe(415);
    expect((await upload(e.id, `Name,Email\n${'x'.repeat(1024 * 1024 + 1)},a@example.com\n`)).status).toBe(400);
    const huge = await t.request(`/api/events/${e.id}/guest-imports`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/csv', 'content-length': String(64 * 1024 * 1024) },
      cookie: owner.cookie,
    });
    expect(huge.status).toBe(413);
  });
});

describe('guest import: preview and import', () => {
  it('the preview names each row’s problems and whether it adds or updates, and writes nothing', async () => {
    const e = await newEvent();
    await postRsvp(t, e.id, rsvpInput({ email: 'known@example.com' }));
    const imp = await uploaded(
      e.id,
      'First,Last,Email,Guests,Status\nAda,Lovelace,ada@example.com,2,Yes\nKnown,Guest,KNOWN@example.com,1,maybe\nBad,Mail,not-an-email,1,yes\nBig,Party,big@example.com,12,yes\nOdd,Status,odd@example.com,1,perhaps not\nAda,Again,ada@example.com,1,yes\n',
    );
    expect(imp.mapping).toMatchObject({ first_name: 0, last_name: 1, email: 2, guest_count: 3, status: 4 });
    const p = await preview(e.id, imp.id, imp.mapping as TImportMapping);
    expect(p.rows.map((r) => r.action)).toEqual(['create', 'update', 'skip', 'skip', 'skip', 'skip']);
    expect(p.rows[0]!.values).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com', guest_count: 2, status: 'confirmed' });
    expect(p.rows[2]!.errors).toEqual([{ field: 'email', message: '“not-an-email” is not an e-mail address.' }]);
    expect(p.rows[3]!.errors[0]!.field).toBe('guest_count');
    expect(p.rows[4]!.errors[0]).toMatchObject({ field: 'status' });
    expect(p.rows[5]!.errors[0]!.message).toMatch(/Row 1 has the same e-mail/);
    expect(await guestsOf(e.id)).toHaveLength(1);
    // A mapping without an e-mail column, or a column past the file's: 400 naming the field.
    const bad = await t.request(`/api/events/${e.id}/guest-imports/${imp.id}/preview`, {
      method: 'POST',
      json: { mapping: { name: 0 } },
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.fields['mapping.email']).toBeTruthy();
    const beyond = await t.request(`/api/events/${e.id}/guest-imports/${imp.id}/preview`, {
      method: 'POST',
      json: { mapping: { name: 0, email: 9 } },
      cookie: owner.cookie,
    });
    expect(beyond.status).toBe(400);
  });

  it('imports in a job; importing again updates by e-mail and never duplicates', async () => {
    const e = await newEvent();
    const first = await importFile(
      e.id,
      'Name,Email,Phone,Party size,Status,Notes\nAda,ada@example.com,+1 415 555 0100,2,yes,Vegan\nBob,bob@example.com,,1,no,\nCy,cy@example.com,,1,maybe,\n',
    );
    expect(first).toMatchObject({ status: 'done', done: 3, counts: { created: 3, updated: 0, unchanged: 0, failed: 0 } });
    const rows = await guestsOf(e.id);
    expect(rows.map((r) => [r.email, r.name, r.status, r.guest_count])).toEqual([
      ['ada@example.com', 'Ada', 'confirmed', 2],
      ['bob@example.com', 'Bob', 'declined', 1],
      ['cy@example.com', 'Cy', 'maybe', 1],
    ]);
    const ada = rows[0]!;
    expect(ada).toMatchObject({ phone: '+14155550100', notes: 'Vegan', type: 'rsvp', legacy_qr: false });
    expect(ada.qr_code_data).toBeTruthy(); // a real ticket, e-mailed only when asked
    expect(rows[1]!.qr_code_data).toBeNull();
    const [ev] = await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, e.id));
    expect(ev!.taken).toBe(2);

    const again = await importFile(
      e.id,
      'Name,Email,Party size,Status\nAda L.,ADA@example.com,3,yes\nBob,bob@example.com,1,no\nDee,dee@example.com,1,yes\n',
    );
    expect(again.counts).toMatchObject({ created: 1, updated: 1, unchanged: 1, failed: 0 });
    const after = await guestsOf(e.id);
    expect(after).toHaveLength(4);
    expect(after[0]).toMatchObject({
      name: 'Ada L.',
      guest_count: 3,
      phone: '+14155550100',
      notes: 'Vegan',
      revision: 2,
      qr_nonce: ada.qr_nonce,
    });
    const [ev2] = await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, e.id));
    expect(ev2!.taken).toBe(4);
    // A finished import keeps only its failed rows.
    expect(await t.db.select().from(guest_import_rows).where(eq(guest_import_rows.import_id, again.id))).toHaveLength(0);
  });

  it('respects capacity exactly: the rows that do not fit are reported, in file order', async () => {
    const e = await newEvent({ max_attendees: 5 });
    await postRsvp(t, e.id, rsvpInput({ guest_count: 2 }));
    const done = await importFile(e.id, 'Name,Email,Guests\nA,a@example.com,2\nB,b@example.com,2\nC,c@example.com,1\nD,d@example.com,1\n');
    expect(done.counts).toMatchObject({ created: 2, failed: 2 });
    expect(done.errors).toEqual([
      { row: 2, errors: [{ field: 'guest_count', message: 'The event is full: 2 seats did not fit (1 seat left).' }] },
      { row: 4, errors: [{ field: 'guest_count', message: 'The event is full: 1 seat did not fit (0 seats left).' }] },
    ]);
    const [ev] = await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, e.id));
    expect(ev!.taken).toBe(5);
  });

  it('an imported ticket code is admitted at the door until the ticket is rotated; a 6-digit code is refused', async () => {
    const e = await newEvent();
    const door = await signedInUser(t);
    await t.request(`/api/events/${e.id}/hosts`, { method: 'POST', json: { email: door.email, role: 'checkin' }, cookie: owner.cookie });
    const legacyId = randomUUID();
    const done = await importFile(
      e.id,
      `Name,Email,Ticket code,Guests\nOld,old@example.com,EB-778812,2\nJson,json@example.com,${legacyId},1\nPin,pin@example.com,123456,1\n`,
    );
    expect(done.counts).toMatchObject({ created: 2, failed: 1 });
    expect(done.errors[0]!.errors[0]).toMatchObject({ field: 'ticket_code' });
    const scan = async (code: string, eventId = e.id) => {
      const res = await t.request(`/api/checkin/${eventId}/redeem`, {
        method: 'POST',
        json: { code, nonce: randomUUID(), device: 'Door 1' },
        cookie: owner.cookie,
      });
      return (await res.json()) as TCheckinVerdict;
    };
    expect(await scan('EB-778812')).toMatchObject({ ok: true, admitted: 2, guest: { name: 'Old' } });
    expect(await scan('EB-778812')).toMatchObject({ ok: false, reason: 'already_checked_in' });
    // The old system's JSON payload whose verification_code was imported.
    expect(await scan(JSON.stringify({ verification_code: legacyId }))).toMatchObject({ ok: true, guest: { name: 'Json' } });
    // Only in its own event, and never knowing the row's id.
    const other = await newEvent();
    expect(await scan('EB-778812', other.id)).toMatchObject({ ok: false, reason: 'invalid' });
    const [row] = await t.db.select().from(event_rsvps).where(eq(event_rsvps.email, 'json@example.com'));
    expect(await scan(JSON.stringify({ verification_code: row!.id }))).toMatchObject({ ok: false });
    // Rotated (the host regenerates the QR): the old code is dead.
    const [old] = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.email, 'old@example.com')));
    await t.db.update(event_rsvps).set({ qr_version: 2, checked_in_count: 0 }).where(eq(event_rsvps.id, old!.id));
    expect(await scan('EB-778812')).toMatchObject({ ok: false, reason: 'invalid' });
    // The same code twice in an event: the second guest's row fails.
    const dup = await importFile(e.id, 'Name,Email,Ticket code\nNew,new@example.com,EB-778812\n');
    expect(dup.errors[0]!.errors[0]!.message).toMatch(/already has this ticket code/);
  });

  it('answers to the event’s questions by option label, and tickets e-mailed once when asked', async () => {
    const e = await newEvent();
    const q = await t.request(`/api/events/${e.id}/questions`, {
      method: 'POST',
      json: { kind: 'single_choice', label: 'Meal', options: [{ label: 'Fish' }, { label: 'Veggie' }] },
      cookie: owner.cookie,
    });
    const question = (await q.json()).question as { id: string; options: { id: string; label: string }[] };
    const imp = await uploaded(e.id, 'Name,Email,Meal\nAda,ada@example.com,veggie\nBo,bo@example.com,Steak\n');
    expect(imp.mapping).toMatchObject({ answers: { [question.id]: 2 } });
    const res = await t.request(`/api/events/${e.id}/guest-imports/${imp.id}/start`, {
      method: 'POST',
      json: { mapping: imp.mapping, send_tickets: true },
      cookie: cohost.cookie,
    });
    expect(res.status).toBe(202);
    // Started once: a second start is a 409.
    const twice = await t.request(`/api/events/${e.id}/guest-imports/${imp.id}/start`, {
      method: 'POST',
      json: { mapping: imp.mapping },
      cookie: owner.cookie,
    });
    expect(twice.status).toBe(409);
    await drainJobs(t.deps);
    const done = (await (await t.request(`/api/events/${e.id}/guest-imports/${imp.id}`, { cookie: cohost.cookie })).json())
      .import as TGuestImport;
    expect(done.counts).toMatchObject({ created: 1, failed: 1, tickets_queued: 1 });
    expect(done.errors[0]!.errors[0]!.message).toBe('“Steak” is not an option of “Meal”.');
    const [ada] = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.email, 'ada@example.com')));
    const answers = await t.db.select().from(rsvp_answers).where(eq(rsvp_answers.rsvp_id, ada!.id));
    expect(answers).toEqual([
      { rsvp_id: ada!.id, question_id: question.id, value: question.options.find((o) => o.label === 'Veggie')!.id },
    ]);
    const mails = await t.db.select().from(outbox).where(like(outbox.idempotency_key, 'import:%'));
    expect(mails.filter((m) => m.idempotency_key.endsWith(ada!.id))).toHaveLength(1);
  });

  it('beside a rush of answers to the same capped event: seats exact, no answer fails with a 500', async () => {
    const e = await newEvent({ max_attendees: 300 });
    // 1,200 rows (three batches), 200 of them e-mails the rush also uses.
    const rows = Array.from({ length: 1200 }, (_, i) => `G${i},g${i}-${e.id.slice(0, 8)}@example.com,1`);
    const imp = await uploaded(e.id, `Name,Email,Guests\n${rows.join('\n')}\n`);
    const start = await t.request(`/api/events/${e.id}/guest-imports/${imp.id}/start`, {
      method: 'POST',
      json: { mapping: imp.mapping },
      cookie: owner.cookie,
    });
    expect(start.status).toBe(202);
    const [, answers] = await Promise.all([
      drainJobs(t.deps),
      Promise.all(
        Array.from({ length: 120 }, (_, i) =>
          postRsvp(t, e.id, rsvpInput({ email: i < 60 ? `g${i * 3}-${e.id.slice(0, 8)}@example.com` : undefined })),
        ),
      ),
    ]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    const done = (await (await t.request(`/api/events/${e.id}/guest-imports/${imp.id}`, { cookie: owner.cookie })).json())
      .import as TGuestImport;
    expect(done.status).toBe('done');
    const [ev] = await t.db.select({ taken: events.seats_taken }).from(events).where(eq(events.id, e.id));
    const seats = (await guestsOf(e.id)).filter((r) => r.status === 'confirmed').reduce((n, r) => n + r.guest_count, 0);
    expect(ev!.taken).toBe(seats);
    expect(seats).toBeLessThanOrEqual(300);
    expect(done.counts.created + done.counts.updated + done.counts.unchanged + done.counts.failed).toBe(1200);
  });

  it('imported guests hear no reminders unless asked; a box’s “no” removes its answer on a re-import', async () => {
    const e = await newEvent();
    const q = await t.request(`/api/events/${e.id}/questions`, {
      method: 'POST',
      json: { kind: 'checkbox', label: 'Parking' },
      cookie: owner.cookie,
    });
    const question = (await q.json()).question as { id: string };
    await importFile(e.id, 'Name,Email,Parking\nAda,ada@example.com,yes\n');
    const [ada] = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.email, 'ada@example.com')));
    expect(ada!.reminders_off).toBe(true);
    expect(await t.db.select().from(rsvp_answers).where(eq(rsvp_answers.rsvp_id, ada!.id))).toEqual([
      { rsvp_id: ada!.id, question_id: question.id, value: true },
    ]);
    const again = await importFile(e.id, 'Name,Email,Parking\nAda,ada@example.com,no\nBo,bo@example.com,\n', { send_reminders: true });
    expect(again.counts).toMatchObject({ created: 1, updated: 1 });
    expect(await t.db.select().from(rsvp_answers).where(eq(rsvp_answers.rsvp_id, ada!.id))).toEqual([]);
    const [bo] = await t.db
      .select()
      .from(event_rsvps)
      .where(and(eq(event_rsvps.event_id, e.id), eq(event_rsvps.email, 'bo@example.com')));
    expect(bo!.reminders_off).toBe(false);
  });

  it('owner and co-hosts only: a stranger gets 404 for every step', async () => {
    const e = await newEvent();
    expect((await upload(e.id, 'Name,Email\nA,a@example.com\n', stranger)).status).toBe(404);
    const imp = await uploaded(e.id, 'Name,Email\nA,a@example.com\n');
    for (const [path, init] of [
      [`/api/events/${e.id}/guest-imports/${imp.id}`, {}],
      [`/api/events/${e.id}/guest-imports/${imp.id}/preview`, { method: 'POST', json: { mapping: { name: 0, email: 1 } } }],
      [`/api/events/${e.id}/guest-imports/${imp.id}/start`, { method: 'POST', json: { mapping: { name: 0, email: 1 } } }],
    ] as const) {
      expect((await t.request(path, { ...init, cookie: stranger.cookie })).status).toBe(404);
    }
    // Another event's id with this import: 404 too.
    const mine = await newEvent();
    expect((await t.request(`/api/events/${mine.id}/guest-imports/${imp.id}`, { cookie: owner.cookie })).status).toBe(404);
  });
});
