// Password hashing with argon2id (OWASP's first choice), with a constant-cost check for unknown users.
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, so it cannot be imported under verbatimModuleSyntax). */
const ARGON2ID = 2;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

let dummyHash: Promise<string> | null = null;

/** Verifies against the stored hash, or against a dummy one so unknown users take as long as known ones. */
export async function checkPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash === null) {
    dummyHash ??= hashPassword('not-a-real-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
