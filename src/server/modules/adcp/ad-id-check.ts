/**
 * Ad-ID check for sync_creatives (decision 035).
 * TODO(issue 27): replace with the domain module `src/domain/ad-id.ts` once the agencies branch is
 * merged; this is the minimal rule until then: an Ad-ID is 4 letters (the company prefix) and 7 letters
 * or digits, with an optional H (high definition) or D (3D) suffix: 11 or 12 characters in all.
 */
const AD_ID = /^[A-Z][A-Z0-9]{3}[A-Z0-9]{7}[HD]?$/;

export const AD_ID_INVALID = 'Ad-ID must be 11 characters (a 4-character company prefix and 7 letters or digits), with an optional H or D';

/** The Ad-ID in its stored form (upper case), or undefined when it is not one. */
export const normalizeAdId = (value: string): string | undefined => {
  const code = value.trim().toUpperCase();
  return AD_ID.test(code) ? code : undefined;
};
