import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from 'better-auth/crypto';

/**
 * A cheap password hash for the test suite only (TEST_FAST_PASSWORD_HASH, allowed with NODE_ENV=test and
 * nothing else: env.ts refuses it elsewhere). Better Auth's scrypt costs 0.3–1 s a password on a busy
 * CI machine, and the suite makes hundreds of accounts. A few tests keep the real scrypt on purpose
 * (tests/integration/password-hash.test.ts, the sign-in and password-change tests).
 *
 * Verifying also accepts a real scrypt hash, so an account made with the real hash still signs in.
 */
const PREFIX = 'test-sha256:';

const digest = (salt: string, password: string) => createHash('sha256').update(`${salt}:${password}`).digest('hex');

export const fastPasswordHash = {
  hash: async (password: string): Promise<string> => {
    const salt = randomBytes(8).toString('hex');
    return `${PREFIX}${salt}:${digest(salt, password)}`;
  },
  verify: async ({ hash, password }: { hash: string; password: string }): Promise<boolean> => {
    if (!hash.startsWith(PREFIX)) return verifyPassword({ hash, password });
    const [salt = '', stored = ''] = hash.slice(PREFIX.length).split(':');
    const actual = Buffer.from(digest(salt, password), 'hex');
    const expected = Buffer.from(stored, 'hex');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  },
};
