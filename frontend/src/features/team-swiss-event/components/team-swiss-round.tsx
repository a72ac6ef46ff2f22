import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';
import { Link } from 'wouter';

import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { ScrollTable, tdClass as td, thClass as th } from '@/features/team-swiss-event/components/scroll-table';
import { TeamSwissMyBoard } from '@/features/team-swiss-event/components/team-swiss-my-board';
import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import { useTeamRound } from '@/lib/team-swiss/get-team-swiss';
import { MatchScore } from '@/features/team-swiss-event/components/points';
import { resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardSeat, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';

type RoundProps = { event: TeamSwissEvent; username: string | null };

const seatIs = (seat: BoardSeat, username: string | null) => Boolean(username && seat?.username === username);

const Seat = ({ seat, white, me }: { seat: BoardSeat; white: boolean; me: boolean }) => {
  const { t } = useLingui();
  const colour = white ? t({ message: 'White', comment: 'the colour of the pieces' }) : t({ message: 'Black', comment: 'the colour of the pieces' });
  return (
    <span className="flex min-w-0 items-center gap-1.5">
      <span
        aria-label={colour}
        title={colour}
        className={`inline-block size-3 shrink-0 rounded-full border border-slate-500 ${white ? 'bg-white' : 'bg-slate-900'}`}
      />
      {seat ? (
        <PlayerLink name={seat.username ?? seat.name} className={`min-w-0 wrap-anywhere ${me ? 'font-semibold' : ''}`} />
      ) : (
        <span className="text-slate-500">
          <Trans comment="an empty seat on a board">(no player)</Trans>
        </span>
      )}
      {/* A phone keeps the width for the names. */}
      {seat?.rating ? <span className="hidden text-xs text-slate-500 tabular-nums sm:inline">{seat.rating}</span> : null}
    </span>
  );
};

const BoardsTable = ({ match, username }: { match: Match; username: string | null }) => {
  const { t } = useLingui();
  const table = match.table;
  if (match.boards.length === 0)
    return (
      <p className="py-1 text-sm text-slate-500 dark:text-slate-400">
        <Trans>The boards are set when the line-ups close.</Trans>
      </p>
    );
  return (
    <table aria-label={t`Boards of table ${table}`} className="w-full text-sm">
      <thead>
        <tr className="text-slate-600 dark:text-slate-300">
          <th className={th}>
            <Trans comment="a column: the board number in a team match">Board</Trans>
          </th>
          <th className={th}>{match.white.name}</th>
          <th className={th}>{match.black?.name}</th>
          <th className={th}>
            <Trans comment="a column: the result of a game">Result</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {match.boards.map((board: Board) => {
          // Each team's player in its own column; `white_team_colour`: the match's white team's colour here.
          const whiteTeamHasWhite = board.white_team_colour === 'w';
          const home = whiteTeamHasWhite ? board.white : board.black;
          const away = whiteTeamHasWhite ? board.black : board.white;
          const mine = seatIs(board.white, username) || seatIs(board.black, username);
          return (
            <tr
              key={board.board}
              aria-current={mine ? 'true' : undefined}
              className={`border-t border-slate-200 dark:border-slate-700 ${mine ? 'bg-amber-100 dark:bg-amber-900/60' : ''}`}
            >
              <td className={`${td} tabular-nums`}>{board.board}</td>
              <td className={td}>
                <Seat seat={home} white={whiteTeamHasWhite} me={seatIs(home, username)} />
              </td>
              <td className={td}>
                <Seat seat={away} white={!whiteTeamHasWhite} me={seatIs(away, username)} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {board.disputed ? (
                  <span className="text-amber-800 dark:text-amber-300">
                    <Trans comment="a board whose players reported different results">Disputed</Trans>
                  </span>
                ) : board.result ? (
                  resultLabel(board.result)
                ) : (
                  <span className="text-slate-500">…</span>
                )}
                {/* An online event's board: its game on the server, to play or to watch. */}
                {board.game_id ? (
                  <Link to={`/game/${board.game_id}`} className="ms-2 text-emerald-800 underline dark:text-emerald-400">
                    {board.result
                      ? t({ message: 'Game', comment: 'link to a finished game' })
                      : mine
                        ? t({ message: 'Play', comment: 'link to the viewer’s own game' })
                        : t({ message: 'Watch', comment: 'link to a game being played' })}
                  </Link>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
};

const LineupStatus = ({ round, teams }: { round: TeamRound; teams: number }) => {
  const { t } = useLingui();
  const left = useCountdown(round.status === 'lineups' ? round.lineups_close_at : null);
  const number = round.number;
  if (round.status === 'complete')
    return (
      <p className="text-sm">
        <Trans>Round {number} is complete.</Trans>
      </p>
    );
  if (round.status === 'playing')
    return (
      <p className="text-sm">
        <Trans>Round {number} is being played.</Trans>
      </p>
    );
  const clock = left === null ? '' : formatDuration(left);
  const text = left === null ? t`Line-ups are open.` : left > 0 ? t`Line-ups close in ${clock}` : t`Line-ups are closing…`;
  const submitted = round.lineups_submitted.length;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span role="timer" aria-label={text} className="rounded-md bg-slate-100 px-2 py-1 font-medium tabular-nums dark:bg-slate-800">
        {text}
      </span>
      <span>
        <Trans>
          {submitted} of {teams} teams have submitted their line-up
        </Trans>
      </span>
    </div>
  );
};

const MatchesTable = ({ round, username }: { round: TeamRound; username: string | null }) => {
  const { t } = useLingui();
  const number = round.number;
  const [open, setOpen] = useState<Set<number>>(() => new Set());
  const mineAt = (match: Match) => match.boards.some((board) => seatIs(board.white, username) || seatIs(board.black, username));
  const toggle = (table: number) =>
    setOpen((old) => {
      const next = new Set(old);
      if (next.has(table)) next.delete(table);
      else next.add(table);
      return next;
    });
  return (
    <ScrollTable>
      <table aria-label={t`Matches of round ${number}`} className="w-full text-sm">
        <thead>
          <tr className="text-slate-600 dark:text-slate-300">
            <th className={th}>
              <Trans comment="a column: the table number of a team match">Table</Trans>
            </th>
            <th className={th}>
              <Trans comment="a column: the team with White on board 1">White team</Trans>
            </th>
            <th className={`${th} text-center`}>
              <Trans comment="a column: the score of a team match">Score</Trans>
            </th>
            <th className={th}>
              <Trans comment="a column: the team with Black on board 1">Black team</Trans>
            </th>
            <th className={th}>
              <span className="sr-only">
                <Trans comment="a column: the boards of each team match">Boards</Trans>
              </span>
            </th>
          </tr>
        </thead>
        <tbody>
          {round.matches.map((match) => {
            const expanded = open.has(match.table) || mineAt(match);
            const table = match.table;
            return (
              <Fragment key={match.table}>
                <tr className={`border-t border-slate-200 dark:border-slate-700 ${mineAt(match) ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}>
                  <td className={`${td} tabular-nums`}>{match.table}</td>
                  <td className={`${td} font-medium`}>{match.white.name}</td>
                  <td className={`${td} text-center font-semibold whitespace-nowrap tabular-nums`}>
                    <MatchScore match={match} />
                  </td>
                  <td className={`${td} font-medium`}>
                    {match.black === null ? <span className="text-slate-500">{t({ message: 'bye', comment: 'a team without an opponent in a round' })}</span> : match.black.name}
                  </td>
                  <td className={td}>
                    {match.black !== null && (
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-label={t`Boards of table ${table}`}
                        onClick={() => toggle(match.table)}
                        className="text-xs whitespace-nowrap underline"
                      >
                        {expanded ? t({ message: 'Hide', comment: 'button: hide the boards of a team match' }) : t({ message: 'Boards', comment: 'button: show the boards of a team match' })}
                      </button>
                    )}
                  </td>
                </tr>
                {expanded && match.black !== null && (
                  <tr>
                    {/* Indented under the teams on a wide screen; the whole width on a phone. */}
                    <td colSpan={5} className="pb-2 sm:ps-10">
                      <BoardsTable match={match} username={username} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollTable>
  );
};

/** The current round's matches (or a past round's), each opening onto its boards; kept live. */
export const TeamSwissRound = ({ event, username }: RoundProps) => {
  const { t } = useLingui();
  const [picked, setPicked] = useState<number | null>(null);
  const number = picked ?? (event.current_round || null);
  const round = useTeamRound(event.id, number);
  return (
    <section aria-labelledby="team-round-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-round-title" className="text-lg font-semibold">
        {number ? t({ message: `Round ${number}`, comment: 'a round of a Swiss event' }) : t({ message: 'Matches', comment: 'heading: the team matches of a round' })}
      </h2>
      {event.current_round > 1 && (
        <div role="group" aria-label={t({ message: 'Rounds', comment: 'the rounds of a Swiss event' })} className="flex flex-wrap gap-1">
          {Array.from({ length: event.current_round }, (_, index) => index + 1).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === number}
              onClick={() => setPicked(value === event.current_round ? null : value)}
              className="rounded border border-slate-300 px-2 py-0.5 text-sm aria-pressed:bg-emerald-700 aria-pressed:text-white dark:border-slate-600"
            >
              <Trans comment="a round of a Swiss event">Round {value}</Trans>
            </button>
          ))}
        </div>
      )}
      {number === null ? (
        <EmptyState>
          <Trans>Not paired yet.</Trans>
        </EmptyState>
      ) : (
        <QueryBoundary query={round} loadingLabel={t`Loading the round…`} isEmpty={(data) => data.matches.length === 0} empty={t`Not paired yet.`}>
          {(data) => (
            <>
              <LineupStatus round={data} teams={event.teams.filter((team) => team.status === 'active').length} />
              <TeamSwissMyBoard event={event} round={data} username={username} />
              <MatchesTable round={data} username={username} />
            </>
          )}
        </QueryBoundary>
      )}
    </section>
  );
};
