import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Which source files' texts go in which catalogue, from the import graph itself, so that a page
 * can never draw a text its loaded catalogues lack (a production build would show the text's id):
 *
 * - `shell`: every file the entry imports statically (the frame of every page) and the game page
 *   with everything it imports; loaded at start. The game page needs nothing else.
 * - `event`: everything the event page (/swiss/:id) reaches, its lazy parts included, that is not
 *   in `shell`; loaded with the event page.
 * - `pages`: every other file; the other pages load it beside `event` (src/app/router.tsx).
 *
 * Only the two pages with a JavaScript budget get catalogues of their own (docs/i18n.md). */
const ROOT = path.dirname(new URL(import.meta.url).pathname);
const SOURCE = path.join(ROOT, 'src');

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

const resolve = (spec: string): string | null => {
  if (!spec.startsWith('@/')) return null;
  const base = path.join(SOURCE, spec.slice(2));
  return [base, `${base}.ts`, `${base}.tsx`].find((file) => /\.tsx?$/.test(file) && isFile(file)) ?? null;
};

const STATIC = /^\s*(?:import|export)\s(?:[^;'"]*?\sfrom\s)?\s*'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

const imports = (file: string, dynamic: boolean) => {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(STATIC)].map((m) => m[1]);
  if (dynamic) specs.push(...[...text.matchAll(DYNAMIC)].map((m) => m[1]));
  return specs.map(resolve).filter((found): found is string => found !== null);
};

/** The source files reachable from `starts` (repository-relative to src/), through static
 * imports only or through lazy `import('…')` too. */
export const reachable = (starts: string[], { dynamic }: { dynamic: boolean }) => {
  const seen = new Set<string>();
  const pending = starts.map((start) => path.join(SOURCE, start));
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file) || file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    seen.add(file);
    pending.push(...imports(file, dynamic));
  }
  return [...seen].sort();
};

export const SHELL_FILES = [
  ...new Set([
    ...reachable(['main.tsx'], { dynamic: false }),
    ...reachable(['app/routes/game.tsx'], { dynamic: true }),
  ]),
].sort();
export const EVENT_FILES = reachable(['app/routes/swiss.tsx'], { dynamic: true }).filter(
  (file) => !SHELL_FILES.includes(file),
);
