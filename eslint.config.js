// One lint configuration for the whole repository. A suppression must carry its reason
// (`-- why`) on the same line: eslint-comments are checked by `reportUnusedDisableDirectives`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

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
  {
    // Rules are pure (docs/architecture.md): no SQL, no HTTP, no use case. A type from a service
    // may be named; nothing may be called.
    files: ['apps/server/src/modules/**/*.rules.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/*.store', '**/*.service', '**/*.routes', '**/db/*', '**/http/*'],
              allowTypeImports: true,
              message: 'A *.rules.ts file is pure: pass facts in from the service instead.',
            },
          ],
          paths: ['fastify', 'drizzle-orm', 'pg', '@electric-sql/pglite'].map((name) => ({
            name,
            message: 'A *.rules.ts file is pure: no HTTP, no SQL.',
          })),
        },
      ],
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
);
