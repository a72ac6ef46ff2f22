import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const features = ['account', 'auth', 'exports', 'games', 'otb-games', 'rating-report', 'ratings', 'swiss-arbiter', 'swiss-event', 'swiss-form', 'team-swiss', 'team-swiss-arbiter', 'team-swiss-event', 'team-swiss-form', 'teams', 'tools'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api-types.ts', 'test-results', 'playwright-report'] },
  {
    files: ['**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Features never import each other; the app composes them.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features do not import each other: move shared code to src/components or src/lib.',
            })),
            { target: './src/features', from: './src/app', message: 'Features do not import the app.' },
            {
              target: ['./src/components', './src/hooks', './src/lib', './src/testing', './src/utils'],
              from: ['./src/features', './src/app'],
              message: 'Shared code imports neither features nor the app.',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*'], message: 'Use the @/ alias instead of parent-relative imports.' }] },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'check-file/filename-naming-convention': [
        'error',
        { 'src/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
);
