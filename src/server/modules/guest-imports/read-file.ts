import Papa from 'papaparse';
import { IMPORT_MAX_COLUMNS, IMPORT_MAX_ROWS, type TRowError } from '../../../common/schemas/guest-imports.ts';
import { AppError } from '../../errors.ts';

/**
 * Reading an uploaded guest file (docs/product.md#guest-import): any common encoding and separator, with
 * or without a byte-order mark, as spreadsheets export them. Nothing in a file makes this throw but an
 * empty or headerless file or one over the limits (400); a row that cannot be read well carries its errors.
 */

export type FileEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of `bytes`: a byte-order mark decides; else UTF-16 shows as zero bytes in every other
 * place; else UTF-8 if the bytes are valid UTF-8; else Windows-1252 (Excel's "CSV" on Western systems,
 * which reads every byte). Returns how many bytes of mark to skip.
 */
export function detectEncoding(bytes: Uint8Array): { encoding: FileEncoding; skip: number } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', skip: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', skip: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', skip: 2 };
  const head = bytes.subarray(0, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < head.length; i++) if (head[i] === 0) i % 2 ? oddZeros++ : evenZeros++;
  const half = head.length / 2;
  if (oddZeros > half * 0.4 && evenZeros < half * 0.05) return { encoding: 'utf-16le', skip: 0 };
  if (evenZeros > half * 0.4 && oddZeros < half * 0.05) return { encoding: 'utf-16be', skip: 0 };
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return { encoding: 'utf-8', skip: 0 };
  } catch {
    // Text with real UTF-8 characters and a few broken sequences is UTF-8 with stray bytes (their rows fail: "bytes
    // that are not text"); broken sequences and no UTF-8 character is another encoding.
    const text = new TextDecoder('utf-8').decode(bytes);
    const broken = text.split('\uFFFD').length - 1;
    const good = text.match(/[^\p{ASCII}\uFFFD]/gu)?.length ?? 0;
    return { encoding: good > 0 && broken <= Math.max(STRAY_BYTES, good / 10) ? 'utf-8' : 'windows-1252', skip: 0 };
  }
}

/** Invalid UTF-8 sequences a UTF-8 file may have (or a tenth of its UTF-8 characters) before it is read as Windows-1252. */
const STRAY_BYTES = 3;

/** Windows-1252's characters for the bytes 0x80–0x9F (where it differs from Latin-1; five bytes have none and stay as they are). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/**
 * Text of a file in `encoding`. NUL (which PostgreSQL text cannot hold) becomes U+FFFD, which the row check refuses.
 * Windows-1252 is decoded by hand: Node's decoder of that name gives C1 control characters for 0x80–0x9F (’ € – …).
 */
export function decodeFile(bytes: Uint8Array, enc: { encoding: FileEncoding; skip: number }): string {
  const body = bytes.subarray(enc.skip);
  const text =
    enc.encoding === 'windows-1252'
      ? new TextDecoder('latin1').decode(body).replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!)
      : new TextDecoder(enc.encoding).decode(body);
  return text.replaceAll('\0', '\uFFFD');
}

const LONGEST_LINE = 1024 * 1024;

/**
 * 415 for what is not a CSV at all: a workbook (xlsx is a zip, xls an OLE file) or a multipart form; 400 for a line over
 * 1 MB (no guest list has one, and reading it would stall the server): said before anything is parsed.
 */
export function refuseNonCsv(bytes: Uint8Array, contentType: string | undefined) {
  const head = Array.from(bytes.subarray(0, 4), (b) => b.toString(16).padStart(2, '0')).join('');
  if (head === '504b0304' || head === 'd0cf11e0') {
    const message = 'This is a spreadsheet workbook, not a CSV: save it as CSV (File › Save As › CSV) and upload that.';
    throw new AppError('unsupported_media_type', message, { file: message });
  }
  if (contentType?.toLowerCase().startsWith('multipart/')) {
    const message = 'Send the file itself as the body (text/csv), not a form.';
    throw new AppError('unsupported_media_type', message, { file: message });
  }
  let start = 0;
  while (start < bytes.length) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end < 0 ? bytes.length : end;
    if (stop - start > LONGEST_LINE)
      throw fileError('A line of this file is over 1 MB long: is it a CSV? Export the guest list as CSV and try again.');
    start = stop + 1;
  }
}

const DELIMITERS = [',', ';', '\t', '|'];
/** Characters of text parsed at a time (rows are written between pieces). */
const CHUNK_CHARS = 512 * 1024;
/** Excel's first-line hint of the separator ("sep=;"), which is not a row. */
const SEP_HINT = /^sep=(.)\r?\n/i;

/** A row as read: its number under the header (from 1), its cells, and what made it unreadable. */
export type ReadRow = { row: number; cells: string[]; errors: TRowError[] };

const fileError = (message: string) => new AppError('validation_failed', message, { file: message });

/**
 * Reads `text` as CSV: the separator from Excel's hint or guessed from the first lines, the first
 * non-empty row as header (cells trimmed; a blank header becomes "Column N"), then each row to
 * `onRows` in batches of `batchSize` (parsing pauses while a batch is written, so memory holds one
 * batch, not the file's rows). Quoting errors and stray cells beyond the header are row errors.
 */
export async function readCsv(
  text: string,
  onHeader: (h: { headers: string[]; delimiter: string }) => void,
  onRows: (rows: ReadRow[]) => Promise<void>,
  batchSize = 2_000,
): Promise<{ rows: number; delimiter: string; headers: string[] }> {
  const hint = SEP_HINT.exec(text);
  const body = hint ? text.slice(hint[0].length) : text;
  let headers: string[] | null = null;
  let delimiter = hint?.[1] ?? '';
  let count = 0;
  let batch: ReadRow[] = [];
  let failure: unknown = null;

  await new Promise<void>((resolve, reject) => {
    Papa.parse<string[]>(body, {
      delimiter: hint?.[1] ?? '',
      delimitersToGuess: DELIMITERS,
      skipEmptyLines: 'greedy',
      // A piece of the text at a time: parsing pauses while its rows are written, so memory holds one piece's rows.
      chunkSize: CHUNK_CHARS,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        try {
          const problems = new Map<number, Papa.ParseError[]>();
          for (const e of result.errors) if (e.row !== undefined) problems.set(e.row, [...(problems.get(e.row) ?? []), e]);
          result.data.forEach((data: string[], k: number) => {
            const cells = data.map((c) => c.trim());
            if (!headers) {
              delimiter = result.meta.delimiter;
              if (cells.length > IMPORT_MAX_COLUMNS)
                throw fileError(`The file has ${cells.length} columns; an import reads at most ${IMPORT_MAX_COLUMNS}.`);
              headers = cells.map((h, i) => h.replace(/[\p{Cc}\uFFFD]/gu, '').slice(0, 100) || `Column ${i + 1}`);
              onHeader({ headers, delimiter });
              return;
            }
            count++;
            if (count > IMPORT_MAX_ROWS)
              throw fileError(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString('en-US')} rows; split it in parts.`);
            batch.push({
              row: count,
              cells: cells.slice(0, headers.length),
              errors: rowProblems(problems.get(k) ?? [], cells, headers.length),
            });
          });
          if (batch.length < batchSize) return;
          const full = batch;
          batch = [];
          parser.pause();
          onRows(full).then(
            () => parser.resume(),
            (err) => {
              failure = err;
              parser.abort();
            },
          );
        } catch (err) {
          failure = err;
          parser.abort();
        }
      },
      complete: () => (failure ? reject(failure) : resolve()),
      error: (err: Error) => reject(err),
    });
  });
  if (!headers) throw fileError('The file is empty: export the guest list as CSV with a header row and try again.');
  if (batch.length) await onRows(batch);
  return { rows: count, delimiter, headers };
}

function rowProblems(errors: Papa.ParseError[], cells: string[], width: number): TRowError[] {
  const out: TRowError[] = [];
  if (errors.some((e) => e.code === 'MissingQuotes'))
    out.push({ field: 'row', message: 'A quote opened in this row is never closed, so the rest of the file was read into it.' });
  else if (errors.some((e) => e.type === 'Quotes'))
    out.push({ field: 'row', message: 'This row has a stray quote character: the cells may be cut in the wrong places.' });
  if (cells.slice(width).some((c) => c !== ''))
    out.push({ field: 'row', message: `This row has ${cells.length} cells and the header ${width}: check the separator and the quotes.` });
  return out;
}
