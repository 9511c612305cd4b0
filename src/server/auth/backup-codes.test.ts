import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_ALPHABET, generateBackupCodes } from './backup-codes.ts';

describe('backup codes', () => {
  it('use no character that reads as another (0 O 1 l I) and come as ten xxxxx-xxxxx codes', () => {
    for (const ch of '0O1lIio') expect(BACKUP_CODE_ALPHABET).not.toContain(ch);
    const codes = Array.from({ length: 50 }, () => generateBackupCodes()).flat();
    expect(generateBackupCodes()).toHaveLength(10);
    const shape = new RegExp(`^[${BACKUP_CODE_ALPHABET}]{5}-[${BACKUP_CODE_ALPHABET}]{5}$`);
    for (const code of codes) expect(code).toMatch(shape);
    expect(new Set(codes).size).toBe(codes.length);
  });
});
