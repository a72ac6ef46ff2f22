import { Fragment, useState } from 'react';
import { Link } from 'react-router';

import { EmptyState } from '@/components/ui/empty-state';
import { PlayerLink } from '@/components/ui/player-link';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { ScrollTable, td, th } from '@/features/team-swiss-event/components/scroll-table';
import { TeamSwissMyBoard } from '@/features/team-swiss-event/components/team-swiss-my-board';
import { formatDuration, useCountdown } from '@/hooks/use-countdown';
import { useTeamRound } from '@/lib/team-swiss/get-team-swiss';
import { matchScore, resultLabel } from '@/lib/team-swiss/display';
import type { Board, BoardSeat, Match, TeamRound, TeamSwissEvent } from '@/lib/team-swiss/types';

type RoundProps = { event: TeamSwissEvent; username: string | null };

const seatIs = (seat: BoardSeat, username: string | null) => Boolean(username && seat?.username === username);

const Seat = ({ seat, colour, me }: { seat: BoardSeat; colour: 'White' | 'Black'; me: boolean }) => (
  <span className="flex min-w-0 items-center gap-1.5">
    <span
      aria-label={colour}
      title={colour}
      className={`inline-block size-3 shrink-0 rounded-full border border-slate-500 ${colour === 'White' ? 'bg-white' : 'bg-slate-900'}`}
    />
    {seat ? <PlayerLink name={seat.username ?? seat.name} className={`min-w-0 wrap-anywhere ${me ? 'font-semibold' : ''}`} /> : <span className="text-slate-500">(no player)</span>}
    {/* A phone keeps the width for the names. */}
    {seat?.rating ? <span className="hidden text-xs text-slate-500 tabular-nums sm:inline">{seat.rating}</span> : null}
  </span>
);

const BoardsTable = ({ match, username }: { match: Match; username: string | null }) => {
  if (match.boards.length === 0)
    return <p className="py-1 text-sm text-slate-500 dark:text-slate-400">The boards are set when the line-ups close.</p>;
  return (
    <table aria-label={`Boards of table ${match.table}`} className="w-full text-sm">
      <thead>
        <tr className="text-slate-600 dark:text-slate-300">
          <th className={th}>Board</th>
          <th className={th}>{match.white.name}</th>
          <th className={th}>{match.black?.name}</th>
          <th className={th}>Result</th>
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
                <Seat seat={home} colour={whiteTeamHasWhite ? 'White' : 'Black'} me={seatIs(home, username)} />
              </td>
              <td className={td}>
                <Seat seat={away} colour={whiteTeamHasWhite ? 'Black' : 'White'} me={seatIs(away, username)} />
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {board.disputed ? (
                  <span className="text-amber-800 dark:text-amber-300">Disputed</span>
                ) : board.result ? (
                  resultLabel(board.result)
                ) : (
                  <span className="text-slate-500">…</span>
                )}
                {/* An online event's board: its game on the server, to play or to watch. */}
                {board.game_id ? (
                  <Link to={`/game/${board.game_id}`} className="ml-2 text-emerald-800 underline dark:text-emerald-400">
                    {board.result ? 'Game' : mine ? 'Play' : 'Watch'}
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
  const left = useCountdown(round.status === 'lineups' ? round.lineups_close_at : null);
  if (round.status === 'complete') return <p className="text-sm">Round {round.number} is complete.</p>;
  if (round.status === 'playing') return <p className="text-sm">Round {round.number} is being played.</p>;
  const text = left === null ? 'Line-ups are open.' : left > 0 ? `Line-ups close in ${formatDuration(left)}` : 'Line-ups are closing…';
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span role="timer" aria-label={text} className="rounded-md bg-slate-100 px-2 py-1 font-medium tabular-nums dark:bg-slate-800">
        {text}
      </span>
      <span>
        {round.lineups_submitted.length} of {teams} teams have submitted their line-up
      </span>
    </div>
  );
};

const MatchesTable = ({ round, username }: { round: TeamRound; username: string | null }) => {
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
      <table aria-label={`Matches of round ${round.number}`} className="w-full text-sm">
        <thead>
          <tr className="text-slate-600 dark:text-slate-300">
            <th className={th}>Table</th>
            <th className={th}>White team</th>
            <th className={`${th} text-center`}>Score</th>
            <th className={th}>Black team</th>
            <th className={th}>
              <span className="sr-only">Boards</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {round.matches.map((match) => {
            const expanded = open.has(match.table) || mineAt(match);
            return (
              <Fragment key={match.table}>
                <tr className={`border-t border-slate-200 dark:border-slate-700 ${mineAt(match) ? 'bg-amber-50 dark:bg-amber-950/40' : ''}`}>
                  <td className={`${td} tabular-nums`}>{match.table}</td>
                  <td className={`${td} font-medium`}>{match.white.name}</td>
                  <td className={`${td} text-center font-semibold whitespace-nowrap tabular-nums`}>{matchScore(match) === 'bye' ? '' : (matchScore(match) ?? '–')}</td>
                  <td className={`${td} font-medium`}>{match.black === null ? <span className="text-slate-500">bye</span> : match.black.name}</td>
                  <td className={td}>
                    {match.black !== null && (
                      <button
                        type="button"
                        aria-expanded={expanded}
                        aria-label={`Boards of table ${match.table}`}
                        onClick={() => toggle(match.table)}
                        className="text-xs whitespace-nowrap underline"
                      >
                        {expanded ? 'Hide' : 'Boards'}
                      </button>
                    )}
                  </td>
                </tr>
                {expanded && match.black !== null && (
                  <tr>
                    {/* Indented under the teams on a wide screen; the whole width on a phone. */}
                    <td colSpan={5} className="pb-2 sm:pl-10">
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
  const [picked, setPicked] = useState<number | null>(null);
  const number = picked ?? (event.current_round || null);
  const round = useTeamRound(event.id, number);
  return (
    <section aria-labelledby="team-round-title" className="flex min-w-0 flex-col gap-2">
      <h2 id="team-round-title" className="text-lg font-semibold">
        {number ? `Round ${number}` : 'Matches'}
      </h2>
      {event.current_round > 1 && (
        <div role="group" aria-label="Rounds" className="flex flex-wrap gap-1">
          {Array.from({ length: event.current_round }, (_, index) => index + 1).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={value === number}
              onClick={() => setPicked(value === event.current_round ? null : value)}
              className="rounded border border-slate-300 px-2 py-0.5 text-sm aria-pressed:bg-emerald-700 aria-pressed:text-white dark:border-slate-600"
            >
              Round {value}
            </button>
          ))}
        </div>
      )}
      {number === null ? (
        <EmptyState>Not paired yet.</EmptyState>
      ) : (
        <QueryBoundary query={round} loadingLabel="Loading the round…" isEmpty={(data) => data.matches.length === 0} empty="Not paired yet.">
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
