/** Writes src/web/api/schema.d.ts from the server's OpenAPI document (scripts/api-types-source.ts). */
import { writeFileSync } from 'node:fs';
import { API_TYPES_FILE, openApiDocument, renderApiTypes } from './api-types-source';

writeFileSync(API_TYPES_FILE, await renderApiTypes(await openApiDocument()));
process.stdout.write(`wrote ${API_TYPES_FILE}\n`);
