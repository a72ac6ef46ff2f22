import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'wouter';

import { dateTimeText, durationText } from '@/lib/i18n/format';
import { COLOUR_MODEL_HELP_MESSAGES, COLOUR_MODEL_MESSAGES, STATUS_MESSAGES, pointsLabel } from '@/lib/team-swiss/display';
import { useTeamTiebreakCatalogue } from '@/lib/team-swiss/get-tiebreak-catalogue';
import { teamTiebreakName } from '@/lib/team-swiss/tiebreaks';
import type { TeamSwissEvent } from '@/lib/team-swiss/types';

const Item = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-slate-500 dark:text-slate-400">{term}</dt>
    <dd className="font-medium break-words">{children}</dd>
  </div>
);

/** Name, host team, boards, rounds, colour model, scores, status and the TRF download; the
 * tie-breaks by their names in the server's catalogue (by their codes until it is read). */
export const TeamSwissHeader = ({ event }: { event: TeamSwissEvent }) => {
  const { t, i18n } = useLingui();
  const catalogue = useTeamTiebreakCatalogue().data;
  const current = event.current_round;
  const total = event.num_rounds;
  const model = t(COLOUR_MODEL_MESSAGES[event.colour_model]);
  const help = t(COLOUR_MODEL_HELP_MESSAGES[event.colour_model]);
  const tiebreaks = new Intl.ListFormat(i18n.locale || 'en', { type: 'unit', style: 'short' }).format(
    event.tiebreaks.map((code) => teamTiebreakName(catalogue, event.primary_score, code)),
  );
  const byMatchPoints = event.primary_score === 'mp';
  const hasTiebreaks = event.tiebreaks.length > 0;
  let ranking: string;
  if (byMatchPoints) ranking = hasTiebreaks ? t`Ranked by match points; ties broken by ${tiebreaks}.` : t`Ranked by match points; no tie-break.`;
  else ranking = hasTiebreaks ? t`Ranked by game points; ties broken by ${tiebreaks}.` : t`Ranked by game points; no tie-break.`;
  const lineupTime = durationText(event.lineup_minutes * 60, 'short');
  const clock = `${event.clock_minutes ?? '?'}+${event.clock_increment}`;
  const starts = event.starts_at ? dateTimeText(event.starts_at) : null;
  const rules = [
    ranking,
    t`Line-ups close ${lineupTime} after the pairing.`,
    ...(event.mode === 'online' ? [t`Played online: each board is a game here, ${clock}.`] : []),
    ...(starts ? [t`Starts ${starts}.`] : []),
  ].join(' ');
  return (
    <header className="flex flex-col gap-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold break-words">{event.name}</h1>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <Trans comment="the kind of event and the FIDE rules it follows">Team Swiss (FIDE C.04.6)</Trans> ·{' '}
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
          <Trans comment="TRF: the FIDE tournament report file format">Download TRF</Trans>
        </a>
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3 lg:grid-cols-6">
        <Item term={t({ message: 'Status', comment: 'the status of an event' })}>{t(STATUS_MESSAGES[event.status])}</Item>
        <Item term={t({ message: 'Rounds', comment: 'the rounds of a Swiss event' })}>
          <Trans comment="the rounds played so far of the rounds of the event">
            {current} of {total}
          </Trans>
        </Item>
        <Item term={t({ message: 'Boards', comment: 'the number of boards of each team match' })}>{event.boards}</Item>
        <Item term={t({ message: 'Colours', comment: 'how the colours are given in a team Swiss (a colour model)' })}>{model}</Item>
        <Item term={t({ message: 'Match points', comment: 'the score teams are ranked by: points for the matches won or drawn' })}>
          {pointsLabel(event.match_points)}
        </Item>
        <Item term={t({ message: 'Game points', comment: 'the score teams are ranked by: points for the games won or drawn' })}>
          {pointsLabel(event.game_points)}
        </Item>
      </dl>
      <p className="text-sm text-slate-500 dark:text-slate-400">{rules}</p>
      <p className="text-sm text-slate-500 dark:text-slate-400">{t`Colours, ${model}: ${help}`}</p>
      {event.description && <p className="max-w-prose text-sm break-words whitespace-pre-line">{event.description}</p>}
    </header>
  );
};
