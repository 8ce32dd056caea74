/**
 * The browser's API types (src/web/api/schema.d.ts) are what the server's contract says today
 * (decision 040): a route whose body or reply changed without `npm run api:types` fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, openApiDocument, renderApiTypes } from '../../scripts/api-types-source';
import { openTestDatabase } from '../support/database';

describe('the checked-in web API types', () => {
  it('are generated from the current OpenAPI document (after a route change: npm run api:types, and commit src/web/api/schema.d.ts)', async () => {
    const checkedIn = readFileSync(API_TYPES_FILE, 'utf8');
    expect(await renderApiTypes(await openApiDocument(await openTestDatabase()))).toBe(checkedIn);
  }, 60_000);
});
