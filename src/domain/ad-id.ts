/**
 * Ad-ID, the industry's identifier of one commercial (issue 27, decision 034), and the legacy ISCI
 * codes it replaced, which still travel. Pure: used by the media routes, the traffic log, the BXF
 * and EI exports, and the machine buyers' API (AdCP).
 *
 * - Ad-ID: 11 characters, a 4-character company prefix (letters or digits, not starting with 0) and
 *   7 letters or digits; a 12th character `H` (HD) or `D` (3D) only for HD or 3D video.
 * - ISCI (legacy, grandfathered prefixes): a 4-letter prefix and 4 digits, optionally `H` for HD.
 *
 * Input is trimmed and upper-cased; blanks inside, dashes or other characters are refused.
 */

export type AdIdKind = 'ad-id' | 'isci';
export type AdIdResult = { ok: true; value: string; kind: AdIdKind } | { ok: false; error: string };

export const AD_ID_MESSAGES = {
  invalid:
    'Ad-ID must be 11 letters or digits (a 4-character company prefix not starting with 0, then 7 characters), optionally followed by H (HD) or D (3D); a legacy ISCI code is 4 letters and 4 digits',
  prefixZero: 'An Ad-ID company prefix cannot start with 0',
  characters: 'Ad-ID may contain only letters and digits',
  taken: 'This Ad-ID is already used by another commercial at this station',
} as const;

const AD_ID = /^[A-Z1-9][A-Z0-9]{3}[A-Z0-9]{7}[HD]?$/;
const ISCI = /^[A-Z]{4}[0-9]{4}H?$/;

/** Normalises and validates an Ad-ID or legacy ISCI code. */
export const parseAdId = (raw: string): AdIdResult => {
  const value = raw.trim().toUpperCase();
  if (!/^[A-Z0-9]+$/.test(value)) return { ok: false, error: AD_ID_MESSAGES.characters };
  if (ISCI.test(value)) return { ok: true, value, kind: 'isci' };
  if (AD_ID.test(value)) return { ok: true, value, kind: 'ad-id' };
  if ((value.length === 11 || value.length === 12) && value.startsWith('0')) return { ok: false, error: AD_ID_MESSAGES.prefixZero };
  return { ok: false, error: AD_ID_MESSAGES.invalid };
};

/** Booked lengths a commercial may have, in seconds. */
export const SPOT_LENGTHS = [15, 30, 60] as const;

/** How far the probed video may be from its booked length, in seconds. */
export const SPOT_LENGTH_TOLERANCE = 1;

export const spotLengthMessage = (length: number, probed: number): string =>
  `The video runs ${probed.toFixed(2)} s, which is not a :${length} spot (allowed within ${SPOT_LENGTH_TOLERANCE} s)`;

/** Whether a probed duration fits a booked length; a message when it does not. */
export const checkSpotLength = (length: number, probedSeconds: number | null | undefined): { ok: true } | { ok: false; error: string } => {
  if (probedSeconds == null) return { ok: true };
  return Math.abs(probedSeconds - length) <= SPOT_LENGTH_TOLERANCE ? { ok: true } : { ok: false, error: spotLengthMessage(length, probedSeconds) };
};
