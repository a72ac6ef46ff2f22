import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
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
  {
    // Every text a user reads goes through Lingui (docs/i18n.md): a literal left in JSX, an
    // attribute a user reads (title, aria-label, placeholder, alt) or a value shown later fails.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**', 'src/lib/api-types.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { lingui },
    rules: {
      ...lingui.configs['flat/recommended'].rules,
      // The Lingui rule lets attribute strings through; these attributes are read by people.
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXAttribute[name.name=/^(title|alt|placeholder|aria-label|aria-description|aria-placeholder|aria-roledescription|aria-valuetext)$/] > Literal[value=/\\p{L}/u]',
          message: 'A text people read: wrap it with t`…` (docs/i18n.md).',
        },
      ],
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^(?![A-Z])\\S+$', // one "word" not starting upper-case: keys, routes, class names, codes
            '^[A-Z0-9_-]+$', // upper-case codes (BH, SB, TPR, 1-0)
            '^[A-Z][a-z]+[A-Z]\\w*$', // identifiers in PascalCase
          ],
          ignoreNames: [
            { regex: { pattern: 'className', flags: 'i' } },
            { regex: { pattern: '^[A-Z0-9_]+$' } },
            { regex: { pattern: '(Key|Keys|Url|Path|Id|Class|Classes|Style|Pattern)$' } },
            'type', 'id', 'key', 'to', 'href', 'src', 'rel', 'target', 'method', 'name', 'role', 'mode',
            'variant', 'size', 'accept', 'autoComplete', 'inputMode', 'htmlFor', 'form', 'lang', 'dir',
            'width', 'height', 'viewBox', 'd', 'fill', 'stroke', 'sizes', 'download', 'displayName',
            'Authorization', 'Content-Type', 'credentials', 'cache', 'queryKey', 'event', 'path',
          ],
          ignoreFunctions: [
            'Error', 'TypeError', 'console.*', '*.headers.set', '*.addEventListener', '*.removeEventListener',
            '*.postMessage', '*.getElementById', '*.querySelector', '*.querySelectorAll', '*.includes',
            '*.indexOf', '*.endsWith', '*.startsWith', '*.split', '*.join', '*.replace', '*.match', '*.test',
            '*.setItem', '*.getItem', '*.removeItem', 'fetch', 'navigate', 'new URL', 'URLSearchParams',
            '*.searchParams.*', 'api.GET', 'api.POST', 'api.PATCH', 'api.PUT', 'api.DELETE', 'clsx', 'cn',
            'matchMedia', '*.matchMedia', 'Intl.*', 'new Intl.*',
          ],
          useTsTypes: true,
          ignoreMethodsOnTypes: ['Map.get', 'Map.has', 'Set.has', 'URLSearchParams.get', 'Headers.get'],
        },
      ],
    },
  },
);
