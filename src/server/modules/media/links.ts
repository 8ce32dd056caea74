/**
 * Short-lived signed links to a media file, usable in <video> and <img> tags (no Authorization
 * header): HMAC-SHA256 over asset id, variant and expiry, keyed by a key derived from the
 * server's signing secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaVariant } from '../../../domain/media-schemas';

export const LINK_TTL_SECONDS = 60 * 60;

export interface LinkSigner {
  /** The path of a signed link, relative to the site (same origin as the app). */
  sign(assetId: string, variant: MediaVariant, now?: number): string;
  /** 'ok', 'expired' or 'invalid'. */
  verify(assetId: string, variant: MediaVariant, expires: string | undefined, sig: string | undefined, now?: number): 'ok' | 'expired' | 'invalid';
}

export const createLinkSigner = (secret: string): LinkSigner => {
  const key = createHmac('sha256', secret).update('spotbook:media-links:v1').digest();
  const mac = (assetId: string, variant: string, expires: number) => createHmac('sha256', key).update(`${assetId}\n${variant}\n${expires}`).digest();

  return {
    sign(assetId, variant, now = Date.now()) {
      const expires = Math.floor(now / 1000) + LINK_TTL_SECONDS;
      return `/api/media/${assetId}/file/${variant}?expires=${expires}&sig=${mac(assetId, variant, expires).toString('base64url')}`;
    },
    verify(assetId, variant, expires, sig, now = Date.now()) {
      if (!expires || !sig || !/^\d{1,12}$/.test(expires)) return 'invalid';
      const given = Buffer.from(sig, 'base64url');
      const expected = mac(assetId, variant, Number(expires));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 < now ? 'expired' : 'ok';
    },
  };
};
