import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The server's feature modules, each above the ones before it (issue 19 item 6, decision 021): a
 * module imports another only through that module's front door (`index.ts`), and only a module
 * listed before it — so no two modules import each other, directly or around a loop. A new module
 * goes in at the place its imports allow; the composition root (`modules/index.ts`) loads them all.
 */
const SERVER_MODULES = [
  'site',
  'enum',
  'region',
  'tag',
  'category',
  'registration-form',
  'upload',
  'account',
  'registration',
  'third-party',
  'profile',
  'enterprise-application',
  'ranking',
  'news',
  'lecturer',
  'topic',
  'course',
  'announcement',
  'message',
  'export-record',
  'earning',
  'assessment',
  'study',
  'certificate',
  'practice',
  'assignment',
  'exam',
  'check-in',
  'task',
  'project',
  'back-office',
  'people',
  'learner-import',
  'media',
  'course-admin',
  'comment',
  'question-bank',
  'exam-admin',
  'report',
  'order',
  'talent',
  'live',
  'assistant',
];

// Every module folder is placed in the order: a folder left out would escape the rules.
const moduleFolders = readdirSync(new URL('./apps/server/src/modules/', import.meta.url), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const unplaced = moduleFolders.filter((m) => !SERVER_MODULES.includes(m));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: place the server module(s) ${unplaced.join(', ')} in SERVER_MODULES`);
}

/** The import rules of one module's files: front doors only, modules below it only. */
const moduleBoundaries = (name, i) => ({
  files: [`apps/server/src/modules/${name}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./(?!${name}/)[^./][^/]*/(?!index\\.ts$)`,
            message: "Import another module only through its front door, '../<module>/index.ts'.",
          },
          ...(i + 1 < SERVER_MODULES.length
            ? [
                {
                  regex: `^\\.\\./(${SERVER_MODULES.slice(i + 1).join('|')})/`,
                  message: `A module imports only modules listed before it in SERVER_MODULES (eslint.config.js): '${name}' may not import a module above it (no cycles between modules).`,
                },
              ]
            : []),
        ],
      },
    ],
  },
});

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
  ...SERVER_MODULES.map(moduleBoundaries),
  {
    // The platform and the test harness reach a module only through its front door.
    files: ['apps/server/src/platform/**/*.ts', 'apps/server/src/test/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+modules/[^/]+/(?!index\\.ts$)',
              message: "Import a module only through its front door, 'modules/<module>/index.ts'.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The package's root is its CommonJS index on the server, which loads all 800 icons (12 MB
      // of heap, decision 007); one icon's own path bundles only that icon.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@ant-design/icons',
              message: "Import each icon by its own path: import X from '@ant-design/icons/X'.",
            },
          ],
        },
      ],
    },
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
