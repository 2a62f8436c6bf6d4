import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import boundaries: shared is pure, client and server never import each other. */
const boundary = (group, message) => ['error', { patterns: [{ group, message }] }];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type X }` alone still loads the module at run time: write `import type { X }`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  // Regular expressions: the plugin's recommended set, and no pattern whose matching time can grow
  // faster than its input (a stranger's upload or form text must never stall the event loop).
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      // Spelling preferences of the recommended set ([0-9] or \d, [A-Za-z] with or without the i
      // flag, ...): they change no match, so existing patterns keep the spelling they have.
      'regexp/prefer-w': 'off',
      'regexp/prefer-d': 'off',
      'regexp/use-ignore-case': 'off',
      'regexp/control-character-escape': 'off',
      'regexp/match-any': 'off',
      'regexp/optimal-quantifier-concatenation': 'off',
      'regexp/no-unused-capturing-group': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y-x': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Accessibility in the markup (labels, roles, keyboard handlers); the fork of
      // eslint-plugin-jsx-a11y that supports ESLint 10.
      ...jsxA11y.configs.recommended.rules,
      'no-restricted-imports': boundary(
        ['**/server/**', 'node:*', 'pg', 'fastify', '@electric-sql/*'],
        'The browser code must not import server code.',
      ),
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/client/**', 'react', 'react-dom', 'wouter'],
        'Server code must not import browser code.',
      ),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': boundary(
        ['**/client/**', '**/server/**', 'node:*', 'react', 'fastify'],
        'Shared code is pure TypeScript: no I/O, no client or server imports.',
      ),
    },
  },
  {
    // A function does one job: past about 150 lines it does several (issue 39). Split it by section
    // (route groups into registerX functions, components into parts and hooks). Tests' describe
    // blocks are lists of tests, not functions of one job.
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{ts,mjs}', 'bench/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', '**/*.spec.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }],
    },
  },
);
