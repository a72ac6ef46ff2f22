import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

import { EVENT_FILES, SHELL_FILES } from './lingui.catalogs';

/** The interface languages (docs/i18n.md). Three catalogues per language, cut along the import
 * graph (lingui.catalogs.ts) so that the two pages with a JavaScript budget load only their own
 * texts: `shell` (every page's frame and the game page) at start, `event` with the event page,
 * `pages` with the others. */
const tests = ['**/*.test.*', '<rootDir>/src/testing', '<rootDir>/src/**/testing'];

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'es', 'fr', 'de', 'ru', 'ar'],
  fallbackLocales: { default: 'en' },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: '<rootDir>/src/locales/{locale}/shell', include: SHELL_FILES, exclude: tests },
    { path: '<rootDir>/src/locales/{locale}/event', include: EVENT_FILES, exclude: tests },
    {
      path: '<rootDir>/src/locales/{locale}/pages',
      include: ['<rootDir>/src'],
      exclude: [...tests, ...SHELL_FILES, ...EVENT_FILES],
    },
  ],
});
