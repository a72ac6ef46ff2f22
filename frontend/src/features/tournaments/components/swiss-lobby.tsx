import { useId } from 'react';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTournaments, type TournamentStatus } from '@/features/tournaments/api/get-tournaments';
import { SwissEventList } from '@/features/tournaments/components/swiss-event-list';
import type { Tournament } from '@/features/tournaments/types/swiss';

type SwissLobbyProps = {
  /** Only this team's events (the team page); otherwise every event. */
  team?: string;
  /** The viewer's teams: their events come first in each list. */
  myTeams?: readonly string[];
};

const SECTIONS: { status: TournamentStatus; title: string; empty: string }[] = [
  { status: 'running', title: 'Ongoing', empty: 'No event is being played right now.' },
  { status: 'scheduled', title: 'Upcoming', empty: 'No event is scheduled.' },
  { status: 'finished', title: 'Finished', empty: 'No event has finished yet.' },
];

const mineFirst = (events: Tournament[], myTeams: readonly string[]) =>
  [...events].sort((a, b) => Number(myTeams.includes(b.team)) - Number(myTeams.includes(a.team)));

const LobbySection = ({ status, title, empty, team, myTeams = [] }: SwissLobbyProps & (typeof SECTIONS)[number]) => {
  const id = useId();
  const events = useTournaments({ status, team, pageSize: status === 'finished' ? 20 : 50 });
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <QueryBoundary query={events} loadingLabel={`Loading ${title.toLowerCase()} events…`} isEmpty={(page) => page.results.length === 0} empty={empty}>
        {(page) => <SwissEventList events={mineFirst(page.results, myTeams)} label={`${title} events`} highlightTeams={myTeams} />}
      </QueryBoundary>
    </section>
  );
};

/** Ongoing, upcoming and finished events (every event is public; the viewer's teams first). */
export const SwissLobby = ({ team, myTeams }: SwissLobbyProps) => (
  <div className="flex flex-col gap-6">
    {SECTIONS.map((section) => (
      <LobbySection key={section.status} {...section} team={team} myTeams={myTeams} />
    ))}
  </div>
);
