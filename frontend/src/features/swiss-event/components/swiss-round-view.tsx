import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type KeyboardEvent } from 'react';

import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { roundQueryOptions, useRound, useRounds } from '@/lib/swiss/get-rounds';
import { SwissPairingCard } from '@/features/swiss-event/components/swiss-pairing-card';
import { byeLabel } from '@/lib/swiss/display';

type SwissRoundViewProps = {
  tournamentId: number;
  currentRound: number;
  username: string | null;
  /** Over the board: each board links to its game's page. */
  otb?: boolean;
};

type RoundBoardsProps = { tournamentId: number; number: number; username: string | null; otb: boolean };

const RoundBoards = ({ tournamentId, number, username, otb }: RoundBoardsProps) => {
  const { t } = useLingui();
  const round = useRound(tournamentId, number);
  return (
    <QueryBoundary query={round} loadingLabel={t`Loading round ${number}…`}>
      {(detail) => (
        <div className="flex flex-col gap-3">
          {detail.pairings.length === 0 ? (
            <EmptyState>
              <Trans>No boards in this round.</Trans>
            </EmptyState>
          ) : (
            <ul aria-label={t`Boards of round ${number}`} className="divide-y divide-slate-200 dark:divide-slate-700">
              {detail.pairings.map((pairing) => (
                <SwissPairingCard
                  key={pairing.id}
                  pairing={pairing}
                  highlight={username}
                  gameHref={otb ? `/swiss/${tournamentId}/board/${pairing.id}` : undefined}
                />
              ))}
            </ul>
          )}
          {detail.byes.length > 0 && (
            <ul aria-label={t`Byes of round ${number}`} className="flex flex-col gap-1 px-3 text-sm text-slate-600 dark:text-slate-300">
              {detail.byes.map((bye) => {
                const label = byeLabel(bye.kind, bye.not_yet_joined);
                return (
                  <li key={bye.username}>
                    <Trans comment="a player without a game this round, then why: “anna: bye (1 point)”">
                      <PlayerLink name={bye.username} />: {label}
                    </Trans>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </QueryBoundary>
  );
};

/** The "Pairings" region: one tab per paired round, the current round first shown. */
export const SwissRoundView = ({ tournamentId, currentRound, username, otb = false }: SwissRoundViewProps) => {
  const { t } = useLingui();
  const rounds = useRounds(tournamentId);
  const queryClient = useQueryClient();
  // A pointer over a tab (or focus on it) is a good hint that its round is wanted next.
  const prefetch = (number: number) => void queryClient.prefetchQuery(roundQueryOptions(tournamentId, number));
  // null follows the current round, so a new round shows up by itself.
  const [chosen, setChosen] = useState<number | null>(null);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const numbers = (rounds.data ?? []).map((round) => round.number);
  const selected = chosen !== null && numbers.includes(chosen) ? chosen : (numbers.includes(currentRound) ? currentRound : numbers.at(-1)) ?? null;

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    // The arrows follow the tabs as they are laid out: right to left in a right-to-left language.
    const step = getComputedStyle(event.currentTarget).direction === 'rtl' ? -1 : 1;
    const moves: Record<string, number> = { ArrowRight: index + step, ArrowLeft: index - step, Home: 0, End: numbers.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + numbers.length) % numbers.length;
    setChosen(numbers[next] ?? null);
    tabs.current[next]?.focus();
  };

  return (
    <section aria-labelledby={`${baseId}-title`} className="flex min-w-0 flex-col gap-2">
      <h2 id={`${baseId}-title`} className="text-lg font-semibold">
        <Trans comment="heading: the boards of each round">Pairings</Trans>
      </h2>
      <QueryBoundary
        query={rounds}
        loadingLabel={t`Loading rounds…`}
        isEmpty={(list) => list.length === 0}
        empty={t`No round has been paired yet.`}
      >
        {() => (
          <div className="flex flex-col gap-2 rounded-md border border-slate-200 dark:border-slate-700">
            <div role="tablist" aria-label={t({ message: 'Rounds', comment: 'the rounds of a Swiss event' })} className="flex gap-1 overflow-x-auto border-b border-slate-200 p-1 dark:border-slate-700">
              {numbers.map((number, index) => (
                <button
                  key={number}
                  ref={(element) => {
                    tabs.current[index] = element;
                  }}
                  type="button"
                  role="tab"
                  id={`${baseId}-tab-${number}`}
                  aria-selected={number === selected}
                  aria-controls={`${baseId}-panel`}
                  tabIndex={number === selected ? 0 : -1}
                  onClick={() => setChosen(number)}
                  onPointerEnter={() => prefetch(number)}
                  onFocus={() => prefetch(number)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                  className="shrink-0 rounded px-3 py-1 text-sm whitespace-nowrap aria-selected:bg-emerald-700 aria-selected:text-white hover:bg-slate-100 aria-selected:hover:bg-emerald-700 dark:hover:bg-slate-800"
                >
                  <Trans comment="a round of a Swiss event">Round {number}</Trans>
                </button>
              ))}
            </div>
            {selected !== null && (
              <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${selected}`} className="pb-2">
                <RoundBoards tournamentId={tournamentId} number={selected} username={username} otb={otb} />
              </div>
            )}
          </div>
        )}
      </QueryBoundary>
    </section>
  );
};
