// ESLint 9 flat config: typescript-eslint, React hooks, and the boundaries of docs/design.md §2 (docs/ARCHITECTURE.md,
// "Boundaries the tools enforce"): the client and the server never import each other and meet only in src/shared,
// which uses neither Node nor the DOM; features do not import each other; plugins do not import features; the catch
// store is entered only through its entry files and imports no feature; production code imports no test code; no
// import cycles. File names are checked by scripts/check-file-names.ts (it also sees JSON, CSS and HTML, which
// ESLint skips).
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
// eslint-plugin-import-x: the maintained, flat-config fork of eslint-plugin-import. Its no-restricted-paths and
// no-cycle work on resolved files (so `../users/x`, `#shared/x` and `./x` are judged by where they land), which
// string patterns in no-restricted-imports cannot do; the TypeScript resolver reads package.json `imports`.
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CODE = '**/*.{ts,tsx,js,mjs}';
const TESTS = ['**/*.test.{ts,tsx}'];

/** The feature folders of one side, read at lint time so that a new feature is covered without editing this file. */
const featuresOf = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** A feature may import only itself (and what is not a feature); the others are another feature's inside. */
const crossFeatureZones = (side, remedy) =>
  featuresOf(`src/${side}/features`).map((feature) => ({
    target: `src/${side}/features/${feature}`,
    from: `src/${side}/features`,
    except: [`./${feature}`],
    message: `A ${side} feature must not import another feature (docs/design.md §2): ${remedy}.`,
  }));

const sideZones = [
  { target: 'src/client', from: 'src/server', message: 'The client and the server meet only in src/shared.' },
  { target: 'src/server', from: 'src/client', message: 'The client and the server meet only in src/shared.' },
  {
    target: 'src/shared',
    from: ['src/client', 'src/server'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
];
const pluginZones = [
  {
    target: 'src/server/plugins',
    from: 'src/server/features',
    message: 'Plugins are cross-cutting and know no feature: the composition root (app.ts, services.ts) wires them.',
  },
];
// The catch store is one module (decision 0020): outside code imports only its entry files, and it depends on no
// feature and no plugin, so ingestion, the heat map and the bait guide depend on it in one direction.
const catchStoreZones = [
  {
    target: ['src/server/!(catch-store)/**', 'src/server/*.ts', 'scripts/**'],
    from: 'src/server/catch-store',
    except: ['./catch-store.ts', './catch-reads.ts'],
    message: 'Import the catch store through its entry files: catch-store.ts (writing) or catch-reads.ts (reading).',
  },
  {
    target: 'src/server/catch-store',
    from: ['src/server/features', 'src/server/plugins'],
    message: 'The catch store knows no feature and no plugin: features depend on it, never the other way.',
  },
];
// Test code (harnesses, fixtures, fakes) lives in the two test folders and never ships: production code imports
// neither; test files, the test folders themselves, tests/e2e and scripts may.
const testCodeZones = [
  {
    target: ['src/server/!(test)/**', 'src/server/*.ts', 'src/client/!(test)/**', 'src/client/*.{ts,tsx}'],
    from: ['src/server/test', 'src/client/test'],
    message: 'Production code must not import test code (src/server/test, src/client/test): only tests may.',
  },
];
const serverFeatureZones = crossFeatureZones(
  'server',
  'put what both need in src/shared or a plugin, or wire them in src/server/app.ts / services.ts',
);
const clientFeatureZones = crossFeatureZones(
  'client',
  'put what both need in src/client/lib or components, or compose the features in a route',
);

// src/shared runs in the browser and in Node: every global of either that the language itself lacks is refused
// (the shared TypeScript project, lib ES2023 without @types, refuses them too).
const esGlobals = new Set(Object.keys(globals.es2025));
const platformGlobals = [...new Set([...Object.keys(globals.browser), ...Object.keys(globals.node)])].filter(
  (name) => !esGlobals.has(name),
);

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'screenshots/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: [CODE],
    plugins: { 'import-x': importX },
    settings: {
      // What import-x's TypeScript preset sets: without the parser mapping it cannot read the .ts files it follows,
      // and no-cycle silently finds nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Static cycles only: type-only imports vanish at build time, and a lazily loaded part that imports its host
      // (lib/lazy-widget.ts: the menu dropdowns) runs after the host has loaded. Packages are not followed.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  {
    // Node globals everywhere but the browser code and src/shared (which runs in both, so gets neither).
    files: [CODE],
    ignores: ['src/client/**', 'src/shared/**'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/client/**/*.{ts,tsx,js}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Browser code; jsdom tests run in Node but the client TypeScript project has no Node types for them either.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    files: ['src/shared/**/*.ts'],
    languageOptions: { globals: { ...globals.es2025 } },
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-globals': [
        'error',
        ...platformGlobals.map((name) => ({
          name,
          message: 'src/shared runs in the browser and in Node: no DOM or Node globals (docs/design.md §2).',
        })),
      ],
    },
  },
  {
    // Migrations describe past schemas, so they type the database loosely on purpose.
    files: ['src/server/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...sideZones,
            ...pluginZones,
            ...catchStoreZones,
            ...testCodeZones,
            ...serverFeatureZones,
            ...clientFeatureZones,
          ],
        },
      ],
    },
  },
  {
    // A server test may build an app with any feature (so may src/server/test/, which is no feature); the
    // composition root (app.ts, services.ts) is no feature either, so nothing here restricts it.
    files: ['src/server/**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...sideZones, ...pluginZones, ...catchStoreZones, ...clientFeatureZones] },
      ],
    },
  },
  {
    // Client tests may use the client's test harness and fixtures (src/client/test/).
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...sideZones, ...pluginZones, ...serverFeatureZones, ...clientFeatureZones] },
      ],
    },
  },
  {
    // The benchmarks and tools load the server's code too, the catch store only through its entry files.
    files: ['scripts/**/*.{ts,mjs}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: catchStoreZones }] },
  },
);
