import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useEntryClaims, useLinkDecision, useRegisteredEntries } from '@/lib/swiss/registered-entries';
import { ApiError, errorMessage } from '@/lib/api-error';

/**
 * Registered players (entered by name) and the users who claim them: the arbiter approves or
 * rejects a claim, or offers an entry to a member of the team, who confirms it (nothing is
 * linked without them) or declines. The entry keeps its games and points.
 */
export const RegisteredEntryLinks = ({ tournamentId }: { tournamentId: number }) => {
  const entries = useRegisteredEntries(tournamentId);
  const claims = useEntryClaims(tournamentId);
  const [usernames, setUsernames] = useState<Record<number, string>>({});
  const change = useLinkDecision(tournamentId);
  const list = entries.data ?? [];
  if (list.length === 0) return null;
  // The API gives leaders waiting claims and open offers; a rejected one is its claimant's.
  const waiting = (claims.data ?? []).filter((claim) => claim.status === 'waiting');
  const offered = (claims.data ?? []).filter((claim) => claim.status === 'offered');
  const refusal = change.error instanceof ApiError ? (change.error.fields.username ?? change.error.fields.entry)?.join(' ') : undefined;
  return (
    <section aria-labelledby="registered-entries" className="flex flex-col gap-2">
      <h3 id="registered-entries" className="font-semibold">
        Registered players and claims
      </h3>
      <ul aria-label="Registered players" className="flex flex-col gap-1 text-sm">
        {list.map((entry) => {
          const claimsOfEntry = waiting.filter((claim) => claim.entry === entry.id);
          const offersOfEntry = offered.filter((claim) => claim.entry === entry.id);
          return (
            <li key={entry.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{entry.name}</span>{' '}
              {entry.username ? (
                <span className="text-slate-600 dark:text-slate-300">linked to {entry.username}</span>
              ) : (
                <>
                  {claimsOfEntry.map((claim) => (
                    <span key={claim.id} className="flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 dark:bg-amber-900">
                      claimed by {claim.username}
                      <Button aria-label={`Approve ${claim.username} as ${entry.name}`} onClick={() => change.mutate({ approve: claim.id })}>
                        Approve
                      </Button>
                      <Button variant="secondary" aria-label={`Reject ${claim.username}'s claim on ${entry.name}`} onClick={() => change.mutate({ reject: claim.id })}>
                        Reject
                      </Button>
                    </span>
                  ))}
                  {offersOfEntry.map((claim) => (
                    <span key={claim.id} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                      offered to {claim.username}, waiting for them to confirm
                      <Button variant="secondary" aria-label={`Withdraw the offer of ${entry.name} to ${claim.username}`} onClick={() => change.mutate({ reject: claim.id })}>
                        Withdraw
                      </Button>
                    </span>
                  ))}
                  <input
                    aria-label={`Username to offer ${entry.name} to`}
                    placeholder="username"
                    value={usernames[entry.id] ?? ''}
                    onChange={(event) => setUsernames((all) => ({ ...all, [entry.id]: event.target.value }))}
                    className="w-32 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                  />
                  <Button
                    variant="secondary"
                    aria-label={`Offer ${entry.name}`}
                    disabled={!usernames[entry.id]?.trim() || change.isPending}
                    onClick={() => change.mutate({ offer: entry.id, username: usernames[entry.id]!.trim() })}
                  >
                    Offer
                  </Button>
                </>
              )}
            </li>
          );
        })}
      </ul>
      <FormError message={change.error ? (refusal ?? errorMessage(change.error)) : null} />
    </section>
  );
};
