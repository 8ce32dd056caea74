/** Types of eslint/table-owners.js, for the TypeScript that reads it (src/server/table-doors.test.ts). */
export declare const tableOwners: Record<string, readonly string[]>;
export declare const platformTables: readonly string[];
export declare const allTables: readonly string[];
