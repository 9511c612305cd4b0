import { randomInt } from 'node:crypto';
import { absoluteUrl } from '../../common/hrefs.ts';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** 8 base62 characters: ~47.6 bits, drawn with crypto's uniform randomInt (no modulo bias). */
export const SHORT_CODE_LENGTH = 8;
const CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/;

export function randomShortCode(length = SHORT_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += BASE62[randomInt(0, BASE62.length)];
  return code;
}

/** Shaped like a code (checked before any lookup). */
export const isShortCode = (s: string) => CODE_PATTERN.test(s);

/** The public path and URL of a short link. */
export const shortLinkPath = (code: string) => `/s/${code}`;
export const shortLinkUrl = (base: string, code: string) => absoluteUrl(base, shortLinkPath(code));
