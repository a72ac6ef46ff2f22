import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { useUserSocket } from '@/lib/user-socket';

type ArbiterCall = components['schemas']['ArbiterCall'];

const callsKey = (tournamentId: number) => ['tournaments', tournamentId, 'arbiter-calls'] as const;

const getCalls = (tournamentId: number): Promise<ArbiterCall[]> =>
  unwrap(api.GET('/api/games/calls/', { params: { query: { tournament: tournamentId } } }));

const since = (at: string) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** The open arbiter calls of the event's games, oldest first, each with a link to its game
 * (where the arbiter acts and closes it); read again whenever `/ws/me/` says a call changed. */
export const ArbiterCalls = ({ tournamentId }: { tournamentId: number }) => {
  const queryClient = useQueryClient();
  useUserSocket((message) => {
    if (message.event === 'arbiter_call' && message.payload.tournament_id === tournamentId) {
      void queryClient.invalidateQueries({ queryKey: callsKey(tournamentId) });
    }
  });
  const calls = useQuery({ queryKey: callsKey(tournamentId), queryFn: () => getCalls(tournamentId) });
  const rows = calls.data ?? [];
  return (
    <section aria-labelledby="arbiter-calls" className="flex flex-col gap-2">
      <h3 id="arbiter-calls" className="font-semibold">
        Arbiter calls ({rows.length})
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No open calls.</p>
      ) : (
        <ul aria-label="Open arbiter calls" className="flex flex-col gap-1">
          {rows.map((call) => (
            <li
              key={call.id}
              aria-label={`Call from ${call.caller}`}
              className="flex flex-wrap items-center gap-2 rounded bg-amber-100 px-2 py-1 text-sm break-words dark:bg-amber-900"
            >
              <span>
                Round {call.round}, board {call.board}: {call.caller} ({call.colour}) — {call.reason_label}
                {call.text ? `: ${call.text}` : ''} · {since(call.created_at)}
              </span>
              <Link to={`/game/${call.game_id}`} className="ml-auto font-medium underline">
                Go to the game
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};
