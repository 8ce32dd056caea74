import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './eslint/web-boundaries.js';
import { knownFeatureCrossings } from './eslint/known-feature-crossings.js';
import { allTables, tableOwners } from './eslint/table-owners.js';
import { knownTableCrossings } from './eslint/known-table-crossings.js';

/** The station's time is passed in (decision 041). */
const stationTimeRules = [
  {
    selector: "CallExpression[callee.name='todayIso'][arguments.length<2]",
    message: 'todayIso needs the instant and the time zone: use ctx.time.today() or a `today` parameter (decision 041).',
  },
  {
    selector: "Identifier[name='configureStationClock']",
    message: 'There is no global station clock: the server passes ctx.time, the browser uses src/web/shared/station-time (decision 041).',
  },
  {
    selector: "ImportDeclaration[source.value=/platform\\/station-time$/], Identifier[name='appStationTime']",
    message: 'The process-wide station time holder is gone: take ctx.time or a `today`/`time` parameter (decision 041).',
  },
];

const domainStateRule = {
  selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
  message: 'src/domain is pure: no mutable module state (decision 041).',
};

/**
 * Tests read the clock through test/support/clock.ts only (issue 38, decision 050): a test that depends
 * on the day sets the station's time; the others run on the one clock CI's sweep moves (libfaketime).
 * Deadlines and elapsed times use performance.now(), which no date moves.
 */
const testClockRules = [
  {
    selector: "NewExpression[callee.name='Date'][arguments.length=0]",
    message: 'Tests take now from test/support/clock.ts (clockNow, clockToday, msAgo, clockFrom) or set the station time (decision 050).',
  },
  {
    selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    message: 'Tests take now from test/support/clock.ts; deadlines and elapsed times use performance.now() (decision 050).',
  },
];

/**
 * The server's module edges (decision 042): a module imports from the schema only the tables it owns (and
 * the crossings still listed), and the orders module only through its published files.
 */
const serverModuleRules = Object.keys(tableOwners).map((module) => {
  const mayImport = new Set([...tableOwners[module], ...(knownTableCrossings[module] ?? [])]);
  const patterns = [
    {
      regex: '(^|/)db/(schema|rollups)$',
      importNames: allTables.filter((table) => !mayImport.has(table)),
      message: `The ${module} module does not own this table: call its owner's functions (orders: modules/orders/public, or the views in modules/orders/views). Decision 042; owners in eslint/table-owners.js.`,
    },
  ];
  if (module !== 'orders')
    patterns.push({
      regex: '(^|/)orders/(?!(public|transitions|views)$)[^/]+$',
      message: 'Other modules use the orders module through modules/orders/public, /transitions or /views only (decision 042).',
    });
  return { files: [`src/server/modules/${module}/**/*.ts`], rules: { 'no-restricted-imports': ['error', { patterns }] } };
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The browser never imports server code.
    files: ['src/web/**/*.{ts,tsx}', 'src/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // Features import only their own files, ui, shared, api, config and the domain (decision 040).
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { spotbook: { rules: { 'web-boundaries': webBoundaries } } },
    rules: { 'spotbook/web-boundaries': ['error', { allowed: knownFeatureCrossings }] },
  },
  ...serverModuleRules,
  {
    // The station's time is passed in (decision 041): no "today" from nowhere, no clock in the pure domain.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', ...stationTimeRules],
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...stationTimeRules, domainStateRule],
    },
  },
  {
    files: ['test/**/*.ts', 'src/**/*.test.ts'],
    ignores: ['test/support/clock.ts'],
    rules: { 'no-restricted-syntax': ['error', ...stationTimeRules, ...testClockRules] },
  },
  {
    files: ['src/domain/**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...stationTimeRules, domainStateRule, ...testClockRules] },
  },
);
