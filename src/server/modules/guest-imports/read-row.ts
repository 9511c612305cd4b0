import { GUESTS_MAX, GUESTS_MIN, type RsvpStatus } from '../../../common/constants.ts';
import { normalizePhone, PHONE_INVALID } from '../../../common/phone.ts';
import { ZEmail } from '../../../common/schemas/email.ts';
import { type ImportField, type TImportMapping, type TRowError, TICKET_CODE_MAX } from '../../../common/schemas/guest-imports.ts';
import { ANSWER_MAX, type TAnswerValue, type TFormQuestion } from '../../../common/schemas/questions.ts';
import { textProblem } from '../../../common/schemas/text.ts';
import { isPossiblePhone } from '../../domain/phone-check.ts';

/**
 * One row of an import as the guest it would be (docs/product.md#guest-import): the same rules as the
 * RSVP form (name, e-mail, phone, party size, notes) with a spreadsheet's spellings of a status, and the
 * answers to the event's questions by option label. Pure: the preview and the import job both use it.
 */

export type RowValues = {
  name: string;
  email: string;
  phone: string | null;
  /** null: not in the file (a new guest gets 1, an update keeps the party). */
  guest_count: number | null;
  status: RsvpStatus | null;
  notes: string | null;
  ticket_code: string | null;
  /** The mapped questions' answers; null where the cell says none (a box's "no": the answer is removed); an empty cell is absent. */
  answers: Record<string, TAnswerValue | null>;
};

const STATUS_WORDS: Record<string, RsvpStatus> = {};
for (const w of ['yes', 'y', 'going', 'attending', 'confirmed', 'accepted', 'accept', 'attend', 'registered', 'true', '1', 'x'])
  STATUS_WORDS[w] = 'confirmed';
for (const w of ['no', 'n', 'not going', 'not attending', 'declined', 'decline', 'cancelled', 'canceled', 'false', '0'])
  STATUS_WORDS[w] = 'declined';
for (const w of ['maybe', 'tentative', 'interested', 'unsure', 'perhaps']) STATUS_WORDS[w] = 'maybe';

const TICKED = new Set(['yes', 'y', 'true', '1', 'x', '✓', 'checked', 'on']);
const UNTICKED = new Set(['no', 'n', 'false', '0', 'off', 'unchecked']);

/** A cell a spreadsheet wrote as a formula rather than its value (=SUM(…), @cmd|…): never taken as a guest's text. */
const FORMULA = /^(=|[+\-@]\s*[A-Za-z_][\w.]*\s*[(|!])/;
/** What a binary or mis-encoded file leaves in a cell: NUL (read as U+FFFD) and the replacement character. */
const NOT_TEXT = /\uFFFD/;

type Cells = readonly string[];

export function readRow(
  cells: Cells,
  mapping: TImportMapping,
  questions: readonly TFormQuestion[],
): { values: RowValues; errors: TRowError[] } {
  const errors: TRowError[] = [];
  const fail = (field: string, message: string): null => {
    errors.push({ field, message });
    return null;
  };
  const cell = (field: ImportField): string => {
    const i = mapping[field];
    return i === undefined ? '' : (cells[i] ?? '');
  };
  /** The cell as text, or an error on `field` for what no field may hold. */
  const text = (field: string, value: string, opts: { multiline?: boolean; max: number }): string | null => {
    if (value === '') return null;
    const problem = FORMULA.test(value)
      ? 'This cell is a spreadsheet formula, not a value: export the values and import again.'
      : NOT_TEXT.test(value)
        ? 'This cell has bytes that are not text: check the file’s encoding.'
        : textProblem(value, opts);
    if (problem) return fail(field, problem);
    if (value.length > opts.max) return fail(field, `Use at most ${opts.max} characters.`);
    return value;
  };

  const full = cell('name');
  const joined = full || [cell('first_name'), cell('last_name')].filter(Boolean).join(' ');
  const name = text(mapping.name === undefined ? 'first_name' : 'name', joined, { max: 120 });
  if (!joined) errors.push({ field: mapping.name === undefined ? 'first_name' : 'name', message: 'The name is missing.' });

  const rawEmail = cell('email');
  const parsed = ZEmail.safeParse(rawEmail);
  if (!rawEmail) errors.push({ field: 'email', message: 'The e-mail address is missing.' });
  else if (!parsed.success) errors.push({ field: 'email', message: `“${clip(rawEmail)}” is not an e-mail address.` });

  let phone: string | null = null;
  const rawPhone = text('phone', cell('phone'), { max: 40 });
  if (rawPhone) {
    phone = normalizePhone(rawPhone);
    if (!phone || !isPossiblePhone(phone)) phone = fail('phone', `${PHONE_INVALID} (“${clip(rawPhone)}”)`);
  }

  let guestCount: number | null = null;
  const rawCount = cell('guest_count');
  if (rawCount) {
    const n = /^\d+$/.test(rawCount) ? Number(rawCount) : Number.NaN;
    if (Number.isInteger(n) && n >= GUESTS_MIN && n <= GUESTS_MAX) guestCount = n;
    else
      errors.push({
        field: 'guest_count',
        message: `The party size must be a whole number from ${GUESTS_MIN} to ${GUESTS_MAX} (“${clip(rawCount)}”).`,
      });
  }

  let status: RsvpStatus | null = null;
  const rawStatus = cell('status');
  if (rawStatus) {
    status = STATUS_WORDS[rawStatus.toLowerCase().replace(/\s+/g, ' ')] ?? null;
    if (!status) errors.push({ field: 'status', message: `Unknown status “${clip(rawStatus)}”: use yes, maybe or no.` });
  }

  const notes = text('notes', cell('notes'), { multiline: true, max: 1000 });
  const ticketCode = text('ticket_code', cell('ticket_code'), { max: TICKET_CODE_MAX });
  // A door reads six digits as a PIN (checkin/resolve-code.ts) before anything else.
  if (ticketCode && /^\d{3}\s?\d{3}$/.test(ticketCode))
    errors.push({ field: 'ticket_code', message: 'A 6-digit code would be read as a door PIN: it cannot be imported as a ticket code.' });

  const answers: RowValues['answers'] = {};
  for (const [questionId, col] of Object.entries(mapping.answers ?? {})) {
    const q = questions.find((x) => x.id === questionId);
    if (!q) continue;
    const value = answerOf(q, cells[col] ?? '', (message) => fail(`answers.${q.id}`, message));
    if (value !== undefined) answers[q.id] = value;
  }

  return {
    values: {
      name: name ?? '',
      email: parsed.success ? parsed.data : '',
      phone,
      guest_count: guestCount,
      status,
      notes,
      ticket_code: ticketCode,
      answers,
    },
    errors,
  };
}

/** A cell as the answer to `q`: text as is, options by their labels (";" or "," between several), a box ticked or not. */
function answerOf(q: TFormQuestion, raw: string, report: (message: string) => void): TAnswerValue | null | undefined {
  const fail = (message: string): undefined => {
    report(message);
    return undefined;
  };
  if (raw === '') return undefined; // an empty cell keeps the guest's answer
  const problem = FORMULA.test(raw)
    ? 'This cell is a spreadsheet formula, not a value.'
    : NOT_TEXT.test(raw)
      ? 'This cell has bytes that are not text.'
      : null;
  if (problem) return fail(problem);
  const option = (label: string) => q.options.find((o) => o.label.toLowerCase() === label.trim().toLowerCase());
  switch (q.kind) {
    case 'short_text':
    case 'long_text': {
      const bad = textProblem(raw, { multiline: q.kind === 'long_text' });
      if (bad) return fail(bad);
      if (raw.length > ANSWER_MAX[q.kind]) return fail(`Use at most ${ANSWER_MAX[q.kind]} characters.`);
      return raw;
    }
    case 'single_choice': {
      const o = option(raw);
      if (!o) return fail(`“${clip(raw)}” is not an option of “${q.label}”.`);
      return o.id;
    }
    case 'multiple_choice': {
      const labels = raw
        .split(/[;,]/)
        .map((s) => s.trim())
        .filter(Boolean);
      const ids: string[] = [];
      for (const l of labels) {
        const o = option(l);
        if (!o) return fail(`“${clip(l)}” is not an option of “${q.label}”.`);
        if (!ids.includes(o.id)) ids.push(o.id);
      }
      return ids.length ? ids : null;
    }
    case 'checkbox': {
      const v = raw.toLowerCase();
      if (TICKED.has(v)) return true;
      if (UNTICKED.has(v)) return null;
      return fail(`“${clip(raw)}” is neither yes nor no.`);
    }
  }
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

/** Header spellings of each field (lower case, letters and digits only), for the mapping the server suggests. */
const HEADER_WORDS: Record<ImportField, string[]> = {
  name: ['name', 'fullname', 'guestname', 'attendeename', 'attendee', 'guest', 'contactname'],
  first_name: ['firstname', 'first', 'givenname', 'forename', 'prenom'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'nom'],
  email: ['email', 'emailaddress', 'mail', 'courriel', 'attendeeemail', 'guestemail'],
  phone: ['phone', 'phonenumber', 'mobile', 'mobilephone', 'cell', 'cellphone', 'telephone', 'tel'],
  guest_count: ['partysize', 'guests', 'guestcount', 'numberofguests', 'quantity', 'qty', 'seats', 'headcount', 'plusones'],
  status: ['status', 'rsvp', 'rsvpstatus', 'response', 'attending', 'answer'],
  notes: ['notes', 'note', 'comments', 'comment', 'message'],
  ticket_code: ['ticketcode', 'barcode', 'barcodenumber', 'qrcode', 'qr', 'code', 'ticket', 'ticketnumber', 'verificationcode', 'pass'],
};

const squash = (h: string) =>
  h
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The mapping a file's header suggests: each field to the first column named like it; questions by their label. */
export function suggestMapping(headers: readonly string[], questions: readonly TFormQuestion[]): Partial<TImportMapping> {
  const names = headers.map(squash);
  const used = new Set<number>();
  const mapping: Partial<TImportMapping> = {};
  for (const field of Object.keys(HEADER_WORDS) as ImportField[]) {
    const i = names.findIndex((n, idx) => !used.has(idx) && HEADER_WORDS[field].includes(n));
    if (i >= 0) {
      mapping[field] = i;
      used.add(i);
    }
  }
  // A full name wins over its parts.
  if (mapping.name !== undefined) {
    delete mapping.first_name;
    delete mapping.last_name;
  }
  const answers: Record<string, number> = {};
  for (const q of questions) {
    const i = names.findIndex((n, idx) => !used.has(idx) && n !== '' && n === squash(q.label));
    if (i >= 0) {
      answers[q.id] = i;
      used.add(i);
    }
  }
  if (Object.keys(answers).length) mapping.answers = answers;
  return mapping;
}
