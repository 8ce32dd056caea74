import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { BusyError, createWorkGate } from '../../platform/work-gate';

/** Hashing is the costly part of signing in: as many at once as there are cores, a short queue, then 503. */
const hashing = createWorkGate({
  concurrency: Math.max(1, availableParallelism()),
  queue: 64,
  message: 'The server is busy signing people in. Please try again in a moment.',
});

// argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum.
export const hashPassword = (password: string): Promise<string> => hashing(() => hash(password));

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await hashing(() => verify(passwordHash, password));
  } catch (error) {
    if (error instanceof BusyError) throw error;
    return false;
  }
};

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = (): Promise<string> => (decoyHash ??= hashPassword('decoy-password-never-matches'));
