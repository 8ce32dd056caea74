import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { webBoundaries } from './eslint/web-boundaries.js';
import { knownFeatureCrossings } from './eslint/known-feature-crossings.js';

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
      'no-restricted-syntax': [
        'error',
        ...stationTimeRules,
        {
          selector: "Program > VariableDeclaration[kind='let'], Program > ExportNamedDeclaration > VariableDeclaration[kind='let']",
          message: 'src/domain is pure: no mutable module state (decision 041).',
        },
      ],
    },
  },
);
