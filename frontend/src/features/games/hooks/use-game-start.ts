import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';

// A file of its own (not inlined into the entry chunk): it is fetched only when it plays.
import gameStartSound from '@/features/games/assets/game-start.wav?no-inline';
import { pageTitle } from '@/hooks/use-page-title';
import { useUserSocket } from '@/lib/user-socket';

const playSound = () => {
  const audio = new Audio(gameStartSound);
  audio.volume = 0.6;
  // A browser that allows no sound before a click on the page refuses: nothing else to do.
  void audio.play().catch(() => undefined);
};

/**
 * The signed-in user's games as their rounds start, whatever page of the app is open: a sound,
 * a tab title saying the game is ready, and (unless the user turned it off) the game page.
 */
export const useGameStart = (signedIn: boolean) => {
  const [, navigate] = useLocation();
  const { t } = useLingui();
  // The game page's own title starts with it too ("Your game is ready: alice – bob").
  const ready = t`Your game is ready`;
  // `game_start` (docs/games.md, "Round start").
  useUserSocket((message) => {
    if (message.event !== 'game_start') return;
    const start = message.payload;
    playSound();
    if (start.redirect && window.location.pathname !== `/game/${start.game_id}`) {
      navigate(`/game/${start.game_id}`);
    }
    // After the navigation: the game page names the game in its own title as it renders.
    window.setTimeout(() => {
      if (!document.title.startsWith(ready)) document.title = pageTitle(ready);
    }, 0);
  }, signedIn);
};
