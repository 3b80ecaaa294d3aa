// ESLint: the recommended JavaScript and typescript-eslint rules, and the rules of React hooks
// for the app. Formatting is Prettier's (npm run format), not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'build/', 'data/', '.tmp/', 'test-results/', 'playwright-report/', 'node_modules/', 'scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.serviceworker } },
    rules: {
      // The server's query layer and JSON answers are typed at their edges with zod.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The reader keeps page URLs and its token in refs on purpose: a renewed token must not
    // re-render (and so reload) the pages on screen. The compiler's refs rule does not fit that.
    files: ['src/app/features/reader/ReaderApp.tsx'],
    rules: { 'react-hooks/refs': 'off' },
  },
);
