import { GamePage } from '@/features/games/components/game-page';

/** /game/:id, an online game. The page reads `:id` itself: a wrapper handing it down cost the
 * game page's JavaScript about 10 B gzipped, which its 120 kB budget does not have to spare. */
export const GameRoute = GamePage;
