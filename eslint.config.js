import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noImportCycle } from './eslint-rules/no-import-cycle.js';

const TS_FILES = ['**/*.{ts,tsx,mts,cts}'];

/**
 * The app's layers (docs/architecture.md): app -> features -> shared (components, lib) -> core.
 * A feature never imports another feature or the app; shared code never imports a feature or the
 * app. bulletproof-react's zones are the model.
 */
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const layerZones = [
  ...FEATURES.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message:
      'A feature does not import another feature: share through src/components or src/lib, or compose in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features do not import the app: the app passes what a feature needs as props.',
  },
  {
    target: ['./src/components', './src/lib'],
    from: ['./src/features', './src/app'],
    message: 'Shared code does not import features or the app.',
  },
];
const JS_FILES = ['**/*.{js,mjs,cjs}'];

/**
 * The kinds of code beyond core/ (docs/architecture.md, "The layers"): what each may import of the
 * others, by file or folder. Anything not named fails lint; core/ is open to all, and has its own
 * rules below. The browser's code (src/) reaches none of them.
 */
const KINDS = ['src', 'server', 'cli', 'scripts', 'bench', 'deploy', 'e2e'];
const REACH = {
  src: {},
  // The tests' PostgreSQL is started by the gate's own script.
  server: { scripts: ['ensure-postgres.mjs'] },
  // The owner's tools read and write the server's database, and ask a running server for its lock;
  // they read the server's settings files as it does.
  cli: { server: ['db', 'owner-access.ts', 'env-files.ts'] },
  // The build renders each page as the server does, from the server's catalogue; the Vite
  // catalogue plugin reads the puzzle folder; screenshots dismiss the banner as the e2e tests do.
  scripts: {
    cli: ['puzzle-folder.ts'],
    server: ['page-renderer.ts', 'catalogue.ts', 'testing'],
    e2e: ['support.ts'],
  },
  // The benches start the built server (server/testing), fill its database, run the deployment.
  bench: { server: ['db', 'testing'], deploy: ['.'], scripts: ['chromium.ts'] },
  // A release's migrations are named as the server names them; the stack moves its processes'
  // clocks as the server's tests do.
  deploy: { scripts: ['ensure-postgres.mjs'], server: ['db/migrate.ts', 'testing/fake-clock.ts'] },
  // The end-to-end tests start the server and the deployment, and read the board's visible text.
  e2e: {
    server: ['testing'],
    deploy: ['.'],
    src: ['features/game/board-strings.ts', 'components/reminder-strings.ts'],
  },
};
/** A unit test may also start the app and its database from the server's test kit. */
const TEST_REACH = { server: ['testing', 'app.ts', 'db'], scripts: ['compress-dist.ts'] };
const TEST_FILE = '**/*.@(test|spec).@(ts|tsx|mts|mjs)';
const NOT_TEST_FILE = '**/!(*.test|*.spec).@(ts|tsx|mts|mjs|js)';
const kindZones = KINDS.flatMap((kind) =>
  KINDS.filter((other) => other !== kind).flatMap((other) => {
    const reach = REACH[kind][other] ?? [];
    const message = reach.length
      ? `${kind}/ imports of ${other}/ only ${reach.join(', ')} (docs/architecture.md, REACH in eslint.config.js).`
      : `${kind}/ does not import ${other}/ (docs/architecture.md, REACH in eslint.config.js).`;
    const testReach =
      kind === 'src' ? reach : [...new Set([...reach, ...(TEST_REACH[other] ?? [])])];
    return [
      { target: `./${kind}/${NOT_TEST_FILE}`, from: `./${other}`, except: reach, message },
      { target: `./${kind}/${TEST_FILE}`, from: `./${other}`, except: testReach, message },
    ];
  }),
);

/** core/ is pure and shared by browser, server and CLI: no UI, no Node, no clock or randomness. */
const coreRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: builtinModules.map((name) => ({
        name,
        message: 'core/ is shared with the browser: pass Node capabilities in from the caller.',
      })),
      patterns: [
        {
          group: ['node:*'],
          message: 'core/ is shared with the browser: pass Node capabilities in from the caller.',
        },
        {
          group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'wouter', 'wouter/*'],
          message: 'core/ holds pure rules; rendering belongs in src/.',
        },
      ],
    },
  ],
  'import-x/no-restricted-paths': [
    'error',
    {
      zones: [
        {
          target: './core',
          from: ['./src', './server', './cli', './scripts', './e2e', './bench', './deploy'],
          message: 'core/ is shared by everything else and imports only from core/.',
        },
      ],
    },
  ],
  'no-restricted-properties': [
    'error',
    { object: 'Date', property: 'now', message: 'core/ takes the clock as an argument.' },
    { object: 'Math', property: 'random', message: 'core/ takes randomness as an argument.' },
  ],
  'no-restricted-syntax': [
    'error',
    {
      selector: "NewExpression[callee.name='Date'][arguments.length=0]",
      message: 'core/ takes the clock as an argument; `new Date()` reads it.',
    },
  ],
  'no-restricted-globals': [
    'error',
    ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'process'].map(
      (name) => ({ name, message: `core/ is pure: pass what you need from ${name} in.` }),
    ),
  ],
};

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-server/',
      'dist-previous/',
      'node_modules/',
      'reports/',
      'test-results/',
      'playwright-report/',
      'coverage/',
      'data/',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },

  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TS_FILES })),
  {
    files: TS_FILES,
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: JS_FILES,
    languageOptions: { globals: { ...globals.node } },
  },

  // Imports: one direction, no cycles, named exports only.
  {
    plugins: { 'import-x': importX, linchpin: { rules: { 'no-import-cycle': noImportCycle } } },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // import-x/no-cycle skips type-only imports; this one counts them (eslint-rules/).
      'linchpin/no-import-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-default-export': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [...kindZones, ...layerZones],
        },
      ],
    },
  },
  {
    // Tools read their configuration from a default export.
    files: ['*.config.{js,ts,mjs,mts}', 'vite.config.ts', 'playwright.config.ts'],
    rules: { 'import-x/no-default-export': 'off' },
  },

  { files: ['core/**'], rules: coreRules },

  {
    // Each rate limit counts under a name of its own (server/rate-limits.ts), the only maker of one.
    files: ['server/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(rateLimit|createRateLimit)$/]',
          message:
            'Make a rate limit with namedRateLimit (server/rate-limits.ts): each counts under a name of its own.',
        },
      ],
    },
  },

  {
    ...reactHooks.configs.flat.recommended,
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  { ...jsxA11y.flatConfigs.recommended, files: ['src/**/*.tsx'] },
  {
    // The pointer's passing-over events end at the document (src/lib/start-up/unheard-events.ts).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'JSXAttribute[name.name=/^on(Pointer|Mouse)(Over|Out|Move|Enter|Leave)(Capture)?$/]',
          message:
            'Passing-over events never reach React (src/lib/start-up/unheard-events.ts): listen on the element itself.',
        },
      ],
    },
  },

  // Plain JavaScript is not in the TypeScript project: lint it without type information.
  { ...tseslint.configs.disableTypeChecked, files: JS_FILES },

  prettier,
);
