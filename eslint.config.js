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
