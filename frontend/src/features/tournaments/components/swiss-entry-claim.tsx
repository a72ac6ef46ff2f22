import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { ErrorMessage } from '@/components/ui/error-message';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import {
  useClaimEntry,
  useRegisteredEntries,
  useWithdrawClaim,
  type EntryClaim,
  type RegisteredEntry,
} from '@/features/tournaments/api/registered-entries';
import { swissKeys } from '@/features/tournaments/api/swiss-keys';
import type { Tournament } from '@/features/tournaments/types/swiss';
import { ApiError, errorMessage } from '@/lib/api-error';

type SwissEntryClaimProps = { tournament: Tournament; username: string };

/**
 * While a claim waits, the entries are read again this often: an approval before the first
 * round sends no push, and the list is what shows the entry linked to the claimant.
 */
export const CLAIM_POLL_MS = 5_000;

const describe = (entry: RegisteredEntry) =>
  [entry.name, entry.rating ? String(entry.rating) : '', entry.federation].filter(Boolean).join(' · ');

/** The refusal that concerns the chosen entry: its field message, else the API's message. */
const refusal = (error: unknown): string =>
  error instanceof ApiError ? (error.fields.entry?.join(' ') ?? error.message) : errorMessage(error);

const ClaimForm = ({ tournamentId, username }: { tournamentId: number; username: string }) => {
  const queryClient = useQueryClient();
  const errorId = useId();
  const [choice, setChoice] = useState('');
  // The API lets only leaders list claims, so the claimant's own claim lives here.
  const [sent, setSent] = useState<EntryClaim | null>(null);
  // Read again only while the claimed entry is still unlinked.
  const entries = useRegisteredEntries(tournamentId, {
    poll: (list) => (sent && list?.some((entry) => entry.id === sent.entry && entry.username === null) ? CLAIM_POLL_MS : false),
  });
  const claim = useClaimEntry(tournamentId);
  const withdraw = useWithdrawClaim(tournamentId);

  const claimed = sent ? entries.data?.find((entry) => entry.id === sent.entry) : undefined;
  const approved = claimed?.username === username;
  // Approved: read the whole event again, so that the panel finds the user's entry.
  useEffect(() => {
    if (approved) void queryClient.invalidateQueries({ queryKey: swissKeys.event(tournamentId) });
  }, [approved, queryClient, tournamentId]);

  if (entries.isPending) return null;
  if (entries.error) return <ErrorMessage error={entries.error} onRetry={() => void entries.refetch()} />;

  if (sent && approved) return <Spinner label="Claim approved — loading your entry…" />;
  // Linked to someone else, or removed by the arbiter: the claim was closed with it.
  const closed = sent !== null && (claimed === undefined || claimed.username !== null);
  if (sent && !closed)
    return (
      <div className="flex flex-col gap-2">
        <p role="status" className="text-sm">
          Claim sent — waiting for the arbiter ({sent.name}).
        </p>
        <Button variant="secondary" className="self-start" disabled={withdraw.isPending} onClick={() => withdraw.mutate(sent.id, { onSuccess: () => setSent(null) })}>
          Withdraw claim
        </Button>
        <FormError message={withdraw.error ? refusal(withdraw.error) : null} />
      </div>
    );

  const open = entries.data.filter((entry) => entry.username === null);
  if (open.length === 0 && !closed) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice) return;
    claim.mutate(Number(choice), {
      onSuccess: (created) => {
        setSent(created);
        withdraw.reset();
      },
    });
  };
  const error = claim.error ? refusal(claim.error) : null;
  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${errorId}-title`} className="flex flex-col gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
      <h3 id={`${errorId}-title`} className="font-semibold">
        Are you one of the registered players? Claim your entry
      </h3>
      {closed && sent && <p className="text-sm">Your claim on {sent.name} was closed: the arbiter linked or removed that entry.</p>}
      {open.length > 0 && (
        <>
          <SelectField
            label="Registered player"
            value={choice}
            onChange={(event) => {
              setChoice(event.target.value);
              claim.reset();
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          >
            <option value="">Choose your name…</option>
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
          <Button type="submit" className="self-start" disabled={!choice || claim.isPending}>
            {claim.isPending ? 'Sending claim…' : 'Claim entry'}
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
