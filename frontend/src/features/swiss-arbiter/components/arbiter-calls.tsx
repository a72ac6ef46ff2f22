import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';

import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { ArbitratedEvent } from '@/lib/swiss/types';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { timeText } from '@/lib/i18n/format';
import { useUserSocket } from '@/lib/user-socket';

type ArbiterCall = components['schemas']['ArbiterCall'];

const getCalls = (event: ArbitratedEvent): Promise<ArbiterCall[]> =>
  unwrap(api.GET('/api/games/calls/', { params: { query: event.kind === 'swiss' ? { tournament: event.id } : { team_swiss: event.id } } }));

/** One call in a line, with a link to its game: "Round 2, board 3: bob (black) — Disconnection:
 * my internet dropped · 20:00", a team event's board as "Round 1, match 2, board 3". */
const CallItem = ({ call }: { call: ArbiterCall }) => {
  const { t } = useLingui();
  const { round, table, board, caller } = call;
  const colour =
    call.colour === 'white'
      ? t({ message: 'white', comment: 'the colour the caller plays' })
      : call.colour === 'black'
        ? t({ message: 'black', comment: 'the colour the caller plays' })
        : call.colour;
  const reason = call.reason_label;
  const words = call.text;
  const at = timeText(call.created_at, { hour: '2-digit', minute: '2-digit' });
  let line: string;
  if (table != null)
    line = words
      ? t`Round ${round}, match ${table}, board ${board}: ${caller} (${colour}) — ${reason}: ${words} · ${at}`
      : t`Round ${round}, match ${table}, board ${board}: ${caller} (${colour}) — ${reason} · ${at}`;
  else
    line = words
      ? t`Round ${round}, board ${board}: ${caller} (${colour}) — ${reason}: ${words} · ${at}`
      : t`Round ${round}, board ${board}: ${caller} (${colour}) — ${reason} · ${at}`;
  return (
    <li
      aria-label={t`Call from ${caller}`}
      className="flex flex-wrap items-center gap-2 rounded bg-amber-100 px-2 py-1 text-sm break-words dark:bg-amber-900"
    >
      <span className="min-w-0 [overflow-wrap:anywhere]">{line}</span>
      <Link to={`/game/${call.game_id}`} className="ms-auto font-medium underline">
        <Trans>Go to the game</Trans>
      </Link>
    </li>
  );
};

/** The open arbiter calls of the event's games (an individual or a team event), oldest first,
 * each with a link to its game (where the arbiter acts and closes it); read again whenever
 * `/ws/me/` says a call of this event changed. */
export const ArbiterCalls = ({ event }: { event: ArbitratedEvent }) => {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const key = swissKeys.arbiterCalls(event);
  useUserSocket((message) => {
    if (message.event !== 'arbiter_call') return;
    const id = event.kind === 'swiss' ? message.payload.tournament_id : message.payload.team_swiss_id;
    if (id === event.id) void queryClient.invalidateQueries({ queryKey: key });
  });
  const calls = useQuery({ queryKey: key, queryFn: () => getCalls(event) });
  const rows = calls.data ?? [];
  const count = rows.length;
  return (
    <section aria-labelledby="arbiter-calls" className="flex flex-col gap-2">
      <h3 id="arbiter-calls" className="font-semibold">
        <Trans>Arbiter calls ({count})</Trans>
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          <Trans>No open calls.</Trans>
        </p>
      ) : (
        <ul aria-label={t`Open arbiter calls`} className="flex flex-col gap-1">
          {rows.map((call) => (
            <CallItem key={call.id} call={call} />
          ))}
        </ul>
      )}
    </section>
  );
};
