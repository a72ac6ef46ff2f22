import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
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
        <Trans>Registered players and claims</Trans>
      </h3>
      <ul aria-label={t`Registered players`} className="flex flex-col gap-1 text-sm">
        {list.map((entry) => {
          const claimsOfEntry = waiting.filter((claim) => claim.entry === entry.id);
          const offersOfEntry = offered.filter((claim) => claim.entry === entry.id);
          const name = entry.name;
          const linked = entry.username;
          return (
            <li key={entry.id} className="flex flex-wrap items-center gap-2">
              <span className="font-medium">{name}</span>{' '}
              {linked ? (
                <span className="text-slate-600 dark:text-slate-300">
                  <Trans>linked to {linked}</Trans>
                </span>
              ) : (
                <>
                  {claimsOfEntry.map((claim) => {
                    const claimant = claim.username;
                    return (
                      <span key={claim.id} className="flex items-center gap-1 rounded bg-amber-100 px-2 py-0.5 dark:bg-amber-900">
                        <Trans>claimed by {claimant}</Trans>
                        <Button aria-label={t`Approve ${claimant} as ${name}`} onClick={() => change.mutate({ approve: claim.id })}>
                          <Trans comment="approve a user's claim to a registered player">Approve</Trans>
                        </Button>
                        <Button variant="secondary" aria-label={t`Reject ${claimant}'s claim on ${name}`} onClick={() => change.mutate({ reject: claim.id })}>
                          <Trans comment="reject a user's claim to a registered player">Reject</Trans>
                        </Button>
                      </span>
                    );
                  })}
                  {offersOfEntry.map((claim) => {
                    const member = claim.username;
                    return (
                      <span key={claim.id} className="flex items-center gap-1 rounded bg-slate-100 px-2 py-0.5 dark:bg-slate-800">
                        <Trans>offered to {member}, waiting for them to confirm</Trans>
                        <Button variant="secondary" aria-label={t`Withdraw the offer of ${name} to ${member}`} onClick={() => change.mutate({ reject: claim.id })}>
                          <Trans context="an offer" comment="withdraw the offer of a registered player to a member">Withdraw</Trans>
                        </Button>
                      </span>
                    );
                  })}
                  <input
                    aria-label={t`Username to offer ${name} to`}
                    placeholder={t`username`}
                    value={usernames[entry.id] ?? ''}
                    onChange={(event) => setUsernames((all) => ({ ...all, [entry.id]: event.target.value }))}
                    className="w-32 rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900"
                  />
                  <Button
                    variant="secondary"
                    aria-label={t`Offer ${name}`}
                    disabled={!usernames[entry.id]?.trim() || change.isPending}
                    onClick={() => change.mutate({ offer: entry.id, username: usernames[entry.id]!.trim() })}
                  >
                    <Trans comment="offer a registered player to a member of the team">Offer</Trans>
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
