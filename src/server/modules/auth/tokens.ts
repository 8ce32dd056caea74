import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

const ISSUER = 'spotbook';

export interface SessionClaims {
  userId: string;
  sessionId: string;
}

export const createTokenSigner = (secret: string) => {
  const key = new TextEncoder().encode(secret);
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
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
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
