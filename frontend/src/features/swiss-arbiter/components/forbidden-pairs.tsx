import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useForbiddenPairChange, useForbiddenPairs } from '@/features/swiss-arbiter/api/arbiter-actions';
import { PlayerSelect } from '@/features/swiss-arbiter/components/player-select';
import type { Standing } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

/** Pairs the engine must never seat together (family, same club…): pick two players. */
export const ForbiddenPairs = ({ tournamentId, rows }: { tournamentId: number; rows: Standing[] }) => {
  const { t } = useLingui();
  const pairs = useForbiddenPairs(tournamentId);
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const change = useForbiddenPairChange(tournamentId);
  return (
    <section aria-labelledby="forbidden-pairs" className="flex flex-col gap-2">
      <h3 id="forbidden-pairs" className="font-semibold">
        <Trans>Forbidden pairs</Trans>
      </h3>
      <ul className="flex flex-col gap-1 text-sm">
        {(pairs.data ?? []).map((pair) => {
          const { player1, player2 } = pair;
          return (
            <li key={pair.id} className="flex flex-wrap items-center gap-2 break-words">
              {player1} – {player2}
              <Button variant="secondary" aria-label={t`Allow ${player1} – ${player2}`} onClick={() => change.mutate({ remove: pair.id })}>
                <Trans>Remove</Trans>
              </Button>
            </li>
          );
        })}
        {pairs.data?.length === 0 && (
          <li className="text-slate-500">
            <Trans comment="no forbidden pair">None.</Trans>
          </li>
        )}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <PlayerSelect label={t`First player`} value={first} rows={rows} onChange={setFirst} />
        <PlayerSelect label={t`Second player`} value={second} rows={rows} onChange={setSecond} />
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
          <Trans>Forbid pair</Trans>
        </Button>
      </div>
      <FormError message={change.error ? errorMessage(change.error) : null} />
    </section>
  );
};
