/**
 * Imported first by main.tsx: zod compiles fast object parsers with \`new Function\` unless told
 * not to, which the Content-Security-Policy (script-src 'self', no 'unsafe-eval') forbids and the
 * browser reports as a violation. Validation in the browser is light; the interpreted path is enough.
 */
import { z } from 'zod';

z.config({ jitless: true });
