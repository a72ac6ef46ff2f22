import { Link } from 'react-router';

import { COLOUR_MODEL_HELP, COLOUR_MODELS, PRIMARY_SCORES, STATUS_LABELS, pointsLabel } from '@/lib/team-swiss/display';
import { useTeamTiebreakCatalogue } from '@/lib/team-swiss/get-tiebreak-catalogue';
import { teamTiebreakName } from '@/lib/team-swiss/tiebreaks';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

const Item = ({ term, children }: { term: string; children: React.ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
    <dd className="font-medium break-words">{children}</dd>
  </div>
);

/** Name, host team, boards, rounds, colour model, scores, status and the TRF download; the
 * tie-breaks by their names in the server's catalogue (by their codes until it is read). */
export const TeamSwissHeader = ({ event }: { event: TeamSwissEvent }) => {
  const catalogue = useTeamTiebreakCatalogue().data;
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words">{event.name}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            Team Swiss (FIDE C.04.6) ·{' '}
            <Link to={`/teams/${event.host}`} className="underline-offset-2 hover:underline">
              {event.host_name}
            </Link>
          </p>
        </div>
        <a
          href={`/api/team-swiss/${event.id}/export/trf/`}
          download
          className="inline-flex items-center rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-emerald-600 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Download TRF
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Item term="Status">{STATUS_LABELS[event.status]}</Item>
        <Item term="Rounds">
          {event.current_round} of {event.num_rounds}
        </Item>
        <Item term="Boards">{event.boards}</Item>
        <Item term="Colours">{COLOUR_MODELS[event.colour_model]}</Item>
        <Item term="Match points">{pointsLabel(event.match_points)}</Item>
        <Item term="Game points">{pointsLabel(event.game_points)}</Item>
      </dl>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Ranked by {PRIMARY_SCORES[event.primary_score].toLowerCase()}
        {event.tiebreaks.length > 0 ? `; ties broken by ${event.tiebreaks.map((code) => teamTiebreakName(catalogue, event.primary_score, code)).join(', ')}` : '; no tie-break'}. Line-ups
        close {event.lineup_minutes} min after the pairing.
        {event.mode === 'online' && ` Played online: each board is a game here, ${event.clock_minutes ?? '?'}+${event.clock_increment}.`}
        {event.starts_at && ` Starts ${new Date(event.starts_at).toLocaleString()}.`}
      </p>
      <p className="text-sm text-slate-500 dark:text-slate-400">
        Colours, {COLOUR_MODELS[event.colour_model]}: {COLOUR_MODEL_HELP[event.colour_model]}
      </p>
      {event.description && <p className="max-w-prose text-sm break-words whitespace-pre-line">{event.description}</p>}
    </header>
  );
};
