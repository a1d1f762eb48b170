import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      'data/**',
      'packages/db/migrations/**',
      'bench/results/**',
      // Demo media: HLS segments are MPEG transport streams named .ts.
      'apps/web/public/demo/media/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through the parsed config (config.ts).' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Where settings are read and the scripts that start things.
    files: [
      'apps/server/src/platform/config.ts',
      'apps/server/src/test/**',
      'scripts/**',
      'bench/**',
      'e2e/**',
      '**/*.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
