import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'client/src/gql/**', 'server/src/generated/**', 'data/**', 'artifacts/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // The server's layers (docs/architecture.md): modules use each other only through a *.service.ts;
  // what several modules need lives in core/ (request scope, filters, audit) or lib/ (pure helpers).
  {
    files: ['server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{
        regex: '^\\.\\./(?!\\.\\.)[^/]+/(?![^/]+\\.service\\.js$)',
        message: 'Use another module only through its *.service.ts; code several modules share belongs in core/ or lib/ (docs/architecture.md).',
      }] }],
    },
  },
  {
    files: ['server/src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/modules/', message: 'core/ never depends on a feature module (docs/architecture.md).' }] }],
    },
  },
  {
    files: ['server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/(modules|core|store|http|graphql)/', message: 'lib/ holds pure helpers with no dependency on the rest of the server (docs/architecture.md).' }] }],
    },
  },
  {
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { paths: [{
        name: 'react-router',
        importNames: ['useSearchParams'],
        message: 'Use useSearchParams from client/src/filters/useSearchParams.ts: its functional updates start from the current URL (docs/architecture.md).',
      }] }],
    },
  },
  {
    files: ['client/src/filters/useSearchParams.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
