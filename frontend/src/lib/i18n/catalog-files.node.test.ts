// eslint-disable-next-line no-restricted-imports -- the Lingui configuration lives beside src/, outside the @/ alias
import { EVENT_FILES, reachable, SHELL_FILES } from '../../../lingui.catalogs';

// The catalogues are cut along the import graph (lingui.catalogs.ts): what the game page draws
// is in `shell`, what the event page draws in `shell` or `event`.
const relative = (files: string[]) => files.map((file) => file.split('/src/')[1]);

test('the game page and the frame of every page are in the shell catalogue', () => {
  const shell = relative(SHELL_FILES);
  for (const file of ['main.tsx', 'app/routes/root-layout.tsx', 'features/games/components/game-page.tsx', 'components/ui/language-picker.tsx'])
    expect(shell).toContain(file);
  expect(shell).not.toContain('features/swiss-event/components/swiss-page.tsx');
});

test('everything the event page reaches, its lazy parts included, is in shell or event', () => {
  const event = relative(EVENT_FILES);
  expect(event).toContain('features/swiss-event/components/swiss-page.tsx');
  expect(event).toContain('features/swiss-event/components/swiss-join-form.tsx'); // a lazy part
  expect(event.filter((file) => relative(SHELL_FILES).includes(file))).toEqual([]);
  const drawn = relative(reachable(['app/routes/swiss.tsx'], { dynamic: true }));
  expect(drawn.filter((file) => !event.includes(file) && !relative(SHELL_FILES).includes(file))).toEqual([]);
});
