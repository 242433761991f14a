import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const boundary = (group, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group, message }] }],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'e2e/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  // One declaration per route (apps/api/src/http/access-rules.ts): a route's `config.access` is
  // its rule, applied before the handler; a handler reads the admitted caller (callerOf) and
  // applies no policy function of its own, so that the rule is never written twice.
  {
    files: ['apps/api/**'],
    ignores: ['apps/api/src/http/access-rules.ts', 'apps/api/src/http/policy.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/policy.ts'],
              importNames: [
                'requireLogin',
                'requireMainAccount',
                'requireSession',
                'requireOwnerSession',
                'requirePermission',
                'requireOperator',
              ],
              message:
                "Only the access rules apply the policy: declare the route's config.access and read the caller with callerOf (http/caller.ts).",
            },
            {
              group: ['**/caller.ts'],
              importNames: ['admitCaller'],
              message: 'Only the access rules admit a caller.',
            },
          ],
        },
      ],
    },
  },
  // Import boundaries of the web app (STYLE.md): shared code never imports a feature or the app,
  // a feature never imports the app or another feature.
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: boundary(
      ['**/features/**', '**/app/**'],
      'Shared code (components, lib) never imports a feature or the app.',
    ),
  },
  {
    files: ['apps/web/src/features/**'],
    rules: boundary(
      ['**/app/**', '../../*/**', '!../../../**'],
      'A feature never imports the app or another feature; share through src/lib or src/components.',
    ),
  },
);
