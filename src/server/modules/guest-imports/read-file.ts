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
    return { encoding: 'windows-1252', skip: 0 };
  }
}

/** Text of a file in `encoding`. NUL (which PostgreSQL text cannot hold) becomes U+FFFD, which the row check refuses. */
export function decodeFile(bytes: Uint8Array, enc: { encoding: FileEncoding; skip: number }): string {
  return new TextDecoder(enc.encoding).decode(bytes.subarray(enc.skip)).replaceAll('\0', '\uFFFD');
}

const DELIMITERS = [',', ';', '\t', '|'];
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
      step: (result, parser) => {
        try {
          const cells = result.data.map((c) => c.trim());
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
          batch.push({ row: count, cells: cells.slice(0, headers.length), errors: rowProblems(result.errors, cells, headers.length) });
          if (batch.length >= batchSize) {
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
          }
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
