/** Types of eslint/known-table-crossings.js, for the TypeScript that reads it (src/server/table-doors.test.ts). */
export declare const knownTableCrossings: Record<string, readonly string[]>;
export declare const knownSqlCrossings: Record<string, readonly string[]>;
