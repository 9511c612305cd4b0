/**
 * A strict RFC 5545 §3.1 line splitter: every line ends with CRLF, no other CR or LF anywhere, no
 * control character but the tab, and no line over 75 octets. Returns the lines (folds kept);
 * throws naming the first offence.
 */
export function strictIcsLines(ics: Uint8Array | string): string[] {
  const bytes = typeof ics === 'string' ? new TextEncoder().encode(ics) : ics;
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0d) {
      if (bytes[i + 1] !== 0x0a) throw new Error(`bare CR at octet ${i}`);
      if (i - start > 75) throw new Error(`line ${lines.length + 1} has ${i - start} octets`);
      lines.push(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(start, i)));
      start = i + 2;
      i++;
    } else if (b === 0x0a) throw new Error(`bare LF at octet ${i}`);
    else if ((b < 0x20 && b !== 0x09) || b === 0x7f) throw new Error(`control character 0x${b.toString(16)} at octet ${i}`);
  }
  if (start !== bytes.length) throw new Error('the last line does not end with CRLF');
  for (const line of lines) {
    if (/[\u0080-\u009f]/.test(line)) throw new Error(`C1 control character in ${JSON.stringify(line)}`);
  }
  return lines;
}
