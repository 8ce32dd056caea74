/**
 * The key a CSV header cell is matched by: case, spacing and punctuation ignored
 * ("Air Date", "air-date" and "AIR_DATE" are all `air_date`).
 */
export const headerKey = (value: string): string =>
  value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
