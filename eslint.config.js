// One lint configuration for the whole repository. A suppression must carry its reason
// (`-- why`) on the same line: eslint-comments are checked by `reportUnusedDisableDirectives`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import moduleBoundaries from './scripts/eslint/module-boundaries.js';

/**
 * Server layering (docs/architecture.md "Module import rules"), as one
 * `@typescript-eslint/no-restricted-imports` option set per kind of file and folder depth:
 * ESLint replaces a rule's options rather than merging them, so each set says all of it.
 * - Another module is reached through its index.ts, types included: `../<module>` from a
 *   module's top folder, `../../<module>` from a subfolder (identity/oauth,
 *   orchestration/policies). Inside identity, `../<subfolder>/<file>` is the same module.
 * - `*.rules.ts` is pure: no SQL, no HTTP, no use case (a service's type may be named); it may
 *   import another module's `*.rules.ts` directly.
 * - `*.routes.ts` and `*.policy.ts` are adapters: no Drizzle, no schema, no store.
 */
const SERVER_MODULES = 'apps/server/src/modules';
/** Tests, and the fixtures their tests share: they set up what they test, across modules. */
const TEST_CODE = ['**/*.test.ts', '**/*.fixtures.ts'];
const SQL_DRIVERS = ['drizzle-orm', 'pg', '@electric-sql/pglite'];

function boundaryPattern(depth, { rulesMayMeet = false } = {}) {
  const up = String.raw`\.\./`.repeat(depth);
  // Pure rules may use another module's pure rules directly: a rule's test then loads no
  // service, store or database of the other module.
  const except = rulesMayMeet ? String.raw`(?!index$)(?!.*\.rules$)` : '(?!index$)';
  return {
    regex: String.raw`^${up}(?!\.\.)[^/]+/${except}`,
    message:
      'Import another module through its index.ts (`../<module>`), not one of its files (docs/architecture.md).',
  };
}

/** The one file that checks a one-time code (ADR 0026); anything else calls challenge.answer. */
const ONE_TIME_CODE_CHECK = `${SERVER_MODULES}/identity/challenge/methods/one-time-code.ts`;
const OTP_VERIFY_ELSEWHERE = [
  "CallExpression[callee.property.name='verify'][callee.object.property.name='otp']",
  "CallExpression[callee.property.name='verify'][callee.object.name='otp']",
].map((selector) => ({
  selector,
  message:
    'A one-time code is checked by the challenge engine only (ADR 0026): call challenge.answer.',
}));

/**
 * Where a device type or pairing method is named (ADR 0026): its method's folder, the schema and
 * the seed. Anywhere else a device is handled by what its method declares (its traits, its
 * display), so a new method is a folder and not edits across modules.
 */
const DEVICE_TYPE_HOMES = [
  `${SERVER_MODULES}/identity/challenge/methods/*/**`,
  `${SERVER_MODULES}/identity/factors/*/**`,
  'apps/server/src/db/**',
  'apps/server/src/seed/**',
];
const DEVICE_TYPE =
  '/^(iPhone|SMS|Email|SECURITY_KEY|PLATFORM|FIDO2|TOTP|Mobile|AuthenticatorApp)$/';
const DEVICE_TYPE_NAMED = [
  `BinaryExpression > Literal[value=${DEVICE_TYPE}]`,
  `SwitchCase > Literal.test[value=${DEVICE_TYPE}]`,
  `Property[key.name=/^(type|deviceType|method)$/] > Literal.value[value=${DEVICE_TYPE}]`,
  `Property[key.name=/^(type|deviceType|method)$/] > ConditionalExpression > Literal[value=${DEVICE_TYPE}]`,
  `ArrayExpression > Literal[value=${DEVICE_TYPE}]`,
  `TSLiteralType > Literal[value=${DEVICE_TYPE}]`,
  `CallExpression > Literal.arguments[value=${DEVICE_TYPE}]`,
  `Property > Identifier.key[name=${DEVICE_TYPE}]`,
  `Property > Literal.key[value=${DEVICE_TYPE}]`,
].map((selector) => ({
  selector,
  message:
    'A device type is named only in its method’s folder, the schema and the seed (ADR 0026): use what the method declares.',
}));

const FILE_KINDS = [
  { glob: '*.ts', patterns: [], paths: [] },
  {
    glob: '*.rules.ts',
    rulesMayMeet: true,
    patterns: [
      {
        group: ['**/*.store', '**/*.service', '**/*.routes', '**/db/*', '**/http/*'],
        allowTypeImports: true,
        message: 'A *.rules.ts file is pure: pass facts in from the service instead.',
      },
    ],
    paths: ['fastify', ...SQL_DRIVERS].map((name) => ({
      name,
      message: 'A *.rules.ts file is pure: no HTTP, no SQL.',
    })),
  },
  ...['*.routes.ts', '*.policy.ts'].map((glob) => ({
    glob,
    patterns: [
      {
        group: ['**/*.store', '**/db/schema'],
        allowTypeImports: true,
        message:
          'Routes and policies are thin adapters: call the owning module’s service, which uses its store.',
      },
    ],
    paths: SQL_DRIVERS.map((name) => ({
      name,
      message: 'Routes and policies are thin adapters: no SQL; call a service.',
    })),
  })),
];

function serverLayering() {
  const blocks = [];
  for (const kind of FILE_KINDS) {
    // A file's depth below modules/: identity/factors/<factor>/ is the deepest (3).
    for (const depth of [1, 2, 3]) {
      const folder = [SERVER_MODULES, ...Array(depth).fill('*')].join('/');
      blocks.push({
        files: [`${folder}/${kind.glob}`],
        ignores: TEST_CODE,
        rules: {
          '@typescript-eslint/no-restricted-imports': [
            'error',
            {
              patterns: [
                boundaryPattern(depth, { rulesMayMeet: kind.rulesMayMeet }),
                ...kind.patterns,
              ],
              paths: kind.paths,
            },
          ],
        },
      });
    }
  }
  return blocks;
}

/**
 * Files allowed past the 400-line cap, and why. The stricter caps below (the sign-in's 300, the
 * login modal's 200) come after this block and still apply.
 */
export const LONG_FILES = {
  rule: { max: 400, skipBlankLines: false, skipComments: false },
  /** @type {Record<string, string>} file → why it may be longer; none at present. */
  exceptions: {},
};
const LONG_FILE_EXCEPTIONS = Object.keys(LONG_FILES.exceptions);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      'test-results*/**',
      'playwright-report/**',
      'apps/server/drizzle/**',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features do not import each other (bulletproof-react's one-way imports).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../../features/*', '../features/*', '**/features/*/**'],
              message:
                'Features do not import each other; move shared code to src/components or src/lib.',
            },
          ],
        },
      ],
    },
  },
  ...serverLayering(),
  {
    // Tables, cycles, plumbing and published stores: scripts/eslint/module-boundaries.js, its
    // known exceptions (with their reasons) in scripts/eslint/boundary-exceptions.js.
    files: ['apps/server/src/**/*.ts'],
    ignores: TEST_CODE,
    plugins: { boundaries: moduleBoundaries },
    rules: {
      'boundaries/own-tables': 'error',
      'boundaries/no-module-cycles': 'error',
      'boundaries/plumbing-imports-no-module': 'error',
      'boundaries/index-publishes-no-store': 'error',
    },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.strict },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: [
      'scripts/**',
      'e2e/**',
      'bench/**',
      '**/*.test.ts',
      // The command-line tools print their results.
      'apps/server/src/**/*.cli.ts',
      'apps/server/src/main.ts',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // In a test, `x!` on a value the test just produced fails loudly, which is what a test wants.
    files: ['**/*.test.ts', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  // One place checks a one-time code, and a device type is named only by its method (ADR 0026):
  // the selectors below, combined per folder because a later config replaces a rule's options.
  {
    files: [
      'apps/server/src/**/*.ts',
      'apps/web/src/**/*.{ts,tsx}',
      'packages/contracts/src/**/*.ts',
    ],
    // A test's fixtures name the types their test needs.
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.fixtures.ts',
      ONE_TIME_CODE_CHECK,
      ...DEVICE_TYPE_HOMES,
    ],
    rules: { 'no-restricted-syntax': ['error', ...OTP_VERIFY_ELSEWHERE, ...DEVICE_TYPE_NAMED] },
  },
  {
    files: DEVICE_TYPE_HOMES,
    ignores: ['**/*.test.ts', ONE_TIME_CODE_CHECK],
    rules: { 'no-restricted-syntax': ['error', ...OTP_VERIFY_ELSEWHERE] },
  },
  // No source file over 400 lines, counting every line (docs/architecture.md "Role files"): a
  // longer file is split by meaning. The files below are the exceptions, each with its reason.
  { files: ['**/*.{ts,tsx,mjs,js}'], rules: { 'max-lines': ['error', LONG_FILES.rule] } },
  // ESLint refuses an empty `files`: the block is there only while an exception is.
  ...(LONG_FILE_EXCEPTIONS.length > 0
    ? [{ files: LONG_FILE_EXCEPTIONS, rules: { 'max-lines': 'off' } }]
    : []),
  {
    // The sign-in stays readable by factor (ADR 0018): a flow or factor file that grows past
    // 300 lines is split, not scrolled; the login modal only composes its tabs.
    files: [
      `${SERVER_MODULES}/identity/flow/**/*.ts`,
      `${SERVER_MODULES}/identity/factors/**/*.ts`,
    ],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }] },
  },
  {
    files: ['apps/web/src/features/login/LoginModal.tsx'],
    rules: { 'max-lines': ['error', { max: 200, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The composition root composes: adding a module is one line here, its wiring is the
    // module's own `register` (docs/architecture.md "How a module is composed").
    files: ['apps/server/src/app.ts'],
    rules: { 'max-lines': ['error', { max: 249, skipBlankLines: false, skipComments: false }] },
  },
);
