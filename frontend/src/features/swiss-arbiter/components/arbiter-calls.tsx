import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { ArbitratedEvent } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { useUserSocket } from '@/lib/user-socket';

type ArbiterCall = components['schemas']['ArbiterCall'];

const getCalls = (event: ArbitratedEvent): Promise<ArbiterCall[]> =>
  unwrap(api.GET('/api/games/calls/', { params: { query: event.kind === 'swiss' ? { tournament: event.id } : { team_swiss: event.id } } }));

const since = (at: string) => new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/** "Round 2, board 3", or a team event's "Round 1, match 2, board 3". */
const place = (call: ArbiterCall) => `Round ${call.round}, ${call.table != null ? `match ${call.table}, ` : ''}board ${call.board}`;

/** The open arbiter calls of the event's games (an individual or a team event), oldest first,
 * each with a link to its game (where the arbiter acts and closes it); read again whenever
 * `/ws/me/` says a call of this event changed. */
export const ArbiterCalls = ({ event }: { event: ArbitratedEvent }) => {
  const queryClient = useQueryClient();
  const key = swissKeys.arbiterCalls(event);
  useUserSocket((message) => {
    if (message.event !== 'arbiter_call') return;
    const id = event.kind === 'swiss' ? message.payload.tournament_id : message.payload.team_swiss_id;
    if (id === event.id) void queryClient.invalidateQueries({ queryKey: key });
  });
  const calls = useQuery({ queryKey: key, queryFn: () => getCalls(event) });
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
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {place(call)}: {call.caller} ({call.colour}) — {call.reason_label}
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
