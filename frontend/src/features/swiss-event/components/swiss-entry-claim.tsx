import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import {
  useApproveClaim,
  useClaimEntry,
  useEntryClaims,
  useRegisteredEntries,
  useRemoveClaim,
  type EntryClaim,
  type RegisteredEntry,
} from '@/lib/swiss/registered-entries';
import { swissKeys } from '@/lib/swiss/swiss-keys';
import type { Tournament } from '@/lib/swiss/types';
import { ApiError, errorMessage } from '@/lib/api-error';

type SwissEntryClaimProps = { tournament: Tournament; username: string };

/**
 * While the user's claim waits, their claims are read again this often: a decision before the
 * first round sends no push. A rejection shows in the list (the claim stays, `rejected`, until
 * the user dismisses it); an approval or a link takes the claim away, and then the entries say
 * what became of it.
 */
export const CLAIM_POLL_MS = 5_000;

const describe = (entry: RegisteredEntry) =>
  [entry.name, entry.rating ? String(entry.rating) : '', entry.federation].filter(Boolean).join(' · ');

/** The refusal that concerns the chosen entry: its field message, else the API's message. */
const refusal = (error: unknown): string =>
  error instanceof ApiError ? (error.fields.entry?.join(' ') ?? error.message) : errorMessage(error);

/**
 * The claim last seen waiting. Once the claims list is read without it (approved, or closed
 * with its entry), the entries are read again (`checking`), after that read, so that they tell
 * an approval from a link to someone else. A leader's list holds waiting claims only, so there
 * a rejection also takes the claim away: the entry, still unlinked, tells it.
 */
type Tracked = { claim: EntryClaim; gone: 'no' | 'checking' | 'checked' };

const mineOf = (list: EntryClaim[] | undefined, username: string) => list?.filter((claim) => claim.username === username) ?? [];

const ClaimForm = ({ tournamentId, username }: { tournamentId: number; username: string }) => {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const errorId = useId();
  const [choice, setChoice] = useState('');
  // A leader's list holds everyone's claims: the form looks at the user's own only.
  const waitingOf = (list: EntryClaim[] | undefined) => mineOf(list, username).find((own) => own.status === 'waiting');
  const claims = useEntryClaims(tournamentId, { poll: (list) => (waitingOf(list) ? CLAIM_POLL_MS : false) });
  const entries = useRegisteredEntries(tournamentId);
  const claim = useClaimEntry(tournamentId);
  const withdraw = useRemoveClaim(tournamentId);

  const waiting = waitingOf(claims.data);
  // A leader's offer of an entry: linked only once the user confirms it here.
  const offer = mineOf(claims.data, username).find((own) => own.status === 'offered');
  const confirm = useApproveClaim(tournamentId);
  // Rejected (kept until dismissed): the latest, unless a claim waits again.
  const rejected = waiting ? undefined : mineOf(claims.data, username).findLast((own) => own.status === 'rejected');
  const [tracked, setTracked] = useState<Tracked | null>(null);
  // The user's own withdrawal is no decision to report.
  const withdrawn = (withdraw.isPending || withdraw.isSuccess) && withdraw.variables === tracked?.claim.id;
  // State that follows the query, set while rendering (as React advises over an effect). A
  // claim waiting again after a decision is tracked afresh.
  if (waiting && (waiting.id !== tracked?.claim.id || tracked.gone !== 'no')) setTracked({ claim: waiting, gone: 'no' });
  else if (!waiting && tracked?.gone === 'no' && claims.isSuccess && !withdrawn)
    // Listed as rejected: the list says it all. Gone: the entries will say.
    setTracked(rejected?.id === tracked.claim.id ? null : { ...tracked, gone: 'checking' });

  const decided = !waiting && !withdrawn && tracked && tracked.gone !== 'no' ? tracked : null;
  const checking = decided?.gone === 'checking';
  const refetchEntries = entries.refetch;
  const checkedId = checking ? decided.claim.id : null;
  useEffect(() => {
    if (checkedId === null) return;
    let current = true;
    void refetchEntries().then(() => {
      if (current) setTracked((now) => (now?.claim.id === checkedId ? { ...now, gone: 'checked' } : now));
    });
    return () => {
      current = false;
    };
  }, [checkedId, refetchEntries]);
  const claimed = decided && !checking ? entries.data?.find((entry) => entry.id === decided.claim.entry) : undefined;
  const approved = claimed?.username === username;
  // Approved by a leader, as the poll found: no answer or push of ours tells what changed (the
  // user's entry, the names in the standings), so the whole event is read again.
  useEffect(() => {
    if (approved) void queryClient.invalidateQueries({ queryKey: swissKeys.event(tournamentId) });
  }, [approved, queryClient, tournamentId]);

  if (entries.isPending || claims.isPending) return null;
  if (entries.error) return <ErrorMessage error={entries.error} onRetry={() => void entries.refetch()} />;
  if (claims.error) return <ErrorMessage error={claims.error} onRetry={() => void claims.refetch()} />;

  if (checking) return <Spinner label={t`Checking your claim…`} />;
  if (offer) {
    const entryName = offer.name;
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="text-sm">
          <Trans>The arbiter offers you the entry {entryName}: its games and results become yours.</Trans>
        </p>
        <div className="flex gap-2">
          <Button disabled={confirm.isPending || withdraw.isPending} onClick={() => confirm.mutate(offer.id)}>
            <Trans>Confirm: I am {entryName}</Trans>
          </Button>
          <Button variant="secondary" disabled={confirm.isPending || withdraw.isPending} onClick={() => withdraw.mutate(offer.id)}>
            <Trans comment="button: refuse the entry the arbiter offers">Decline</Trans>
          </Button>
        </div>
        <FormError message={confirm.error ? refusal(confirm.error) : withdraw.error ? refusal(withdraw.error) : null} />
      </div>
    );
  }
  if (approved) return <Spinner label={t`Claim approved — loading your entry…`} />;
  if (waiting) {
    const entryName = waiting.name;
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="text-sm">
          <Trans>Claim sent — waiting for the arbiter ({entryName}).</Trans>
        </p>
        <Button variant="secondary" className="self-start" disabled={withdraw.isPending} onClick={() => withdraw.mutate(waiting.id)}>
          <Trans>Withdraw claim</Trans>
        </Button>
        <FormError message={withdraw.error ? refusal(withdraw.error) : null} />
      </div>
    );
  }
  // Listed as rejected, or gone while the entry is still open (a leader's own claim): the
  // arbiter rejected it. Gone with the entry linked to someone else, or removed: closed.
  const gone = decided !== null && claimed?.username === null ? decided.claim : null;
  const declined = rejected ?? gone;
  const closed = decided !== null && !gone ? decided.claim : null;
  const declinedName = declined?.name;
  const closedName = closed?.name;

  const open = entries.data.filter((entry) => entry.username === null);
  if (open.length === 0 && !closed && !declined) return null;
  // A choice whose entry has been linked meanwhile is no choice.
  const chosen = open.some((entry) => String(entry.id) === choice) ? choice : '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return;
    // The claims list, read again by the mutation, holds the new claim.
    claim.mutate(Number(chosen), { onSuccess: () => withdraw.reset() });
  };
  const error = claim.error ? refusal(claim.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${errorId}-title`} className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 id={`${errorId}-title`} className="font-semibold">
        <Trans>Are you one of the registered players? Claim your entry</Trans>
      </h3>
      {declined && (
        <div className="flex flex-wrap items-center gap-2">
          <p role="status" className="text-sm">
            <Trans>Your claim was declined ({declinedName}).</Trans>
          </p>
          {rejected && (
            // Deleting the rejected claim: it is no longer shown, here or after a reload.
            <Button variant="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(rejected.id)}>
              <Trans comment="button: hide the declined claim">Dismiss</Trans>
            </Button>
          )}
        </div>
      )}
      {rejected && <FormError message={withdraw.error ? refusal(withdraw.error) : null} />}
      {closed && (
        <p className="text-sm">
          <Trans>Your claim on {closedName} was closed: the arbiter linked or removed that entry.</Trans>
        </p>
      )}
      {open.length > 0 && (
        <>
          <SelectField
            label={t`Registered player`}
            value={chosen}
            onChange={(event) => {
              setChoice(event.target.value);
              claim.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <option value="">{t`Choose your name…`}</option>
            {open.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {describe(entry)}
              </option>
            ))}
          </SelectField>
          {error && (
            <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          )}
          <Button type="submit" className="self-start" disabled={!chosen || claim.isPending}>
            {claim.isPending ? t`Sending claim…` : t`Claim entry`}
          </Button>
        </>
      )}
    </form>
  );
};

/**
 * On an over-the-board event, a signed-in user without an entry may say which registered
 * player (entered by name by the arbiter) they are; a leader approves it in the arbiter panel.
 * Offered while the event is open, as the arbiter panel offers approving only then.
 */
export const SwissEntryClaim = ({ tournament, username }: SwissEntryClaimProps) => {
  const open = tournament.status === 'scheduled' || tournament.status === 'running';
  if (tournament.mode !== 'otb' || !open) return null;
  return <ClaimForm tournamentId={tournament.id} username={username} />;
};
