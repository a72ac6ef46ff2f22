import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useForbiddenPairChange, useForbiddenPairs } from '@/features/swiss-arbiter/api/arbiter-actions';
import { PlayerSelect } from '@/features/swiss-arbiter/components/player-select';
import type { Standing } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

/** Pairs the engine must never seat together (family, same club…): pick two players. */
export const ForbiddenPairs = ({ tournamentId, rows }: { tournamentId: number; rows: Standing[] }) => {
  const pairs = useForbiddenPairs(tournamentId);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const change = useForbiddenPairChange(tournamentId);
  return (
    <section aria-labelledby="forbidden-pairs" className="flex flex-col gap-2">
      <h3 id="forbidden-pairs" className="font-semibold">
        Forbidden pairs
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {(pairs.data ?? []).map((pair) => (
          <li key={pair.id} className="flex flex-wrap items-center gap-2 break-words">
            {pair.player1} – {pair.player2}
            <Button variant="secondary" aria-label={`Allow ${pair.player1} – ${pair.player2}`} onClick={() => change.mutate({ remove: pair.id })}>
              Remove
            </Button>
          </li>
        ))}
        {pairs.data?.length === 0 && <li className="text-slate-500">None.</li>}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <PlayerSelect label="First player" value={first} rows={rows} onChange={setFirst} />
        <PlayerSelect label="Second player" value={second} rows={rows} onChange={setSecond} />
        <Button
          disabled={!first || !second || change.isPending}
          onClick={() =>
            change.mutate(
              { add: [first, second] },
              {
                onSuccess: () => {
                  setFirst('');
                  setSecond('');
                },
              },
            )
          }
        >
          Forbid pair
        </Button>
      </div>
      <FormError message={change.error ? errorMessage(change.error) : null} />
    </section>
  );
};
