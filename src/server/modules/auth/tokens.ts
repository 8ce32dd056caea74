import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'spotbook';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

/** Verified tokens remembered (a signature never changes; the expiry is checked on every use). */
const VERIFIED_TOKENS_KEPT = 10_000;

export const createTokenSigner = (secret: string) => {
  const key = new TextEncoder().encode(secret);
  // Verifying costs ~0.1 ms of CPU per request (WebCrypto HMAC); a signed-in client sends one token many times.
  const verified = new Map<string, SessionClaims & { expiresAtMs: number }>();
  const verifyOnce = async (token: string): Promise<SessionClaims | undefined> => {
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return undefined;
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.clear();
      verified.set(token, { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1000 });
      return { userId: payload.sub, sessionId: payload.sid };
    } catch {
      return undefined;
    }
  };
  return {
    sign: ({ userId, sessionId }: SessionClaims, expiresAt: Date): Promise<string> =>
      new SignJWT({ sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key),
    /** The claims of a well-signed, unexpired token; undefined otherwise. */
    verify: async (token: string): Promise<SessionClaims | undefined> => {
      const known = verified.get(token);
      if (!known) return verifyOnce(token);
      if (known.expiresAtMs <= Date.now()) {
        verified.delete(token);
        return undefined;
      }
      return { userId: known.userId, sessionId: known.sessionId };
    },
  };
};
export type TokenSigner = ReturnType<typeof createTokenSigner>;

/** A random single-use secret for links, and the hash under which it is stored. */
export const newResetToken = () => {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
};
export const hashResetToken = (token: string): string => createHash('sha256').update(token).digest('hex');
