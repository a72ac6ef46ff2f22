import { Trans, useLingui } from '@lingui/react/macro';
import { Fragment, useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useDisqualify, usePlayerCheckIn, usePlayerStatus } from '@/features/swiss-arbiter/api/arbiter-actions';
import { entryStatusLabel } from '@/lib/swiss/display';
import type { Standing } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

type PlayerRosterProps = {
  tournamentId: number;
  rows: Standing[];
  /** The event has started: a player may be disqualified. */
  started: boolean;
  /** The event is over: only a (retroactive, fair-play) disqualification is left to do. */
  finished?: boolean;
  /** Before round 1 of an event with a check-in window: check players in for them. */
  checkIn?: boolean;
};

/** Withdraw a player (zero-point byes from the next round; before the start, the entry goes) or
 * reinstate them; check one in before round 1; once the event has started, disqualify one with
 * a reason (final), and after the end too (a retroactive fair-play ruling: nothing else). */
export const PlayerRoster = ({ tournamentId, rows, started, finished = false, checkIn = false }: PlayerRosterProps) => {
  const { t } = useLingui();
  const change = usePlayerStatus(tournamentId);
  const disqualify = useDisqualify(tournamentId);
  const checkInOne = usePlayerCheckIn(tournamentId);
  const [target, setTarget] = useState<Standing | null>(null);
  // The player whose withdrawal is being confirmed (one click must not take a player out).
  const [withdrawing, setWithdrawing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const error = change.error ?? disqualify.error ?? checkInOne.error;
  const count = rows.length;
  const targetName = target?.username;
  return (
    <details className="flex flex-col gap-2">
      <summary className="cursor-pointer font-semibold">
        <Trans>Players ({count})</Trans>
      </summary>
      <table aria-label={t`Players`} className="w-full text-sm">
        <tbody>
          {rows.map((row) => {
            const paused = row.status !== 'active';
            const out = row.status === 'disqualified';
            const username = row.username;
            const status = entryStatusLabel(row) ?? (finished ? t`played to the end` : t`playing`);
            return (
              <Fragment key={row.username}>
                <tr className="flex flex-wrap items-center gap-x-3 border-b border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700">
                  <td className={`min-w-0 font-medium break-all sm:py-1 sm:pe-3 ${out ? 'line-through' : ''}`}>{username}</td>
                  <td className="pe-3">
                    {checkIn && !paused ? (row.checked_in ? t`${status}, checked in` : t`${status}, not checked in`) : status}
                  </td>
                  <td className="flex max-w-full flex-wrap gap-2">
                    {!out && !finished && (
                      <Button
                        className="max-w-full truncate"
                        variant="secondary"
                        disabled={change.isPending}
                        aria-expanded={paused ? undefined : withdrawing === row.username}
                        onClick={() => (paused ? change.mutate({ username: row.username, withdraw: false }) : setWithdrawing(row.username))}
                      >
                        {paused ? t`Reinstate ${username}` : t`Withdraw ${username}`}
                      </Button>
                    )}
                    {!out && started && (
                      <Button className="max-w-full truncate" variant="secondary" onClick={() => setTarget(row)}>
                        {t`Disqualify ${username}`}
                      </Button>
                    )}
                  </td>
                  {checkIn && !paused && !row.checked_in && (
                    <td className="max-w-full sm:ps-2">
                      <Button className="max-w-full truncate" variant="secondary" disabled={checkInOne.isPending} onClick={() => checkInOne.mutate(row.username)}>
                        <Trans>Check in {username}</Trans>
                      </Button>
                    </td>
                  )}
                </tr>
                {withdrawing === row.username && !paused && (
                  <tr className="block sm:table-row">
                    <td colSpan={4} className="block py-1 sm:table-cell">
                      <WithdrawConfirm
                        username={row.username}
                        started={started}
                        pending={change.isPending}
                        onConfirm={() => change.mutate({ username: row.username, withdraw: true }, { onSuccess: () => setWithdrawing(null) })}
                        onCancel={() => setWithdrawing(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {target && (
        <form
          aria-label={t`Disqualify ${targetName}`}
          className="flex flex-col gap-2 rounded border border-red-300 p-2 text-sm dark:border-red-800"
          onSubmit={(event) => {
            event.preventDefault();
            disqualify.mutate(
              { entryId: target.id, reason },
              {
                onSuccess: () => {
                  setTarget(null);
                  setReason('');
                },
              },
            );
          }}
        >
          {finished ? (
            <p>
              <Trans>
                Disqualify {targetName} after the end (a fair-play ruling): struck through, no prize; past games as the event&apos;s rule says, and
                the standings, tie-breaks, prizes and ratings are worked out again. This cannot be undone.
              </Trans>
            </p>
          ) : (
            <p>
              <Trans>
                Disqualify {targetName}: never paired again, struck through, no prize; an unfinished game is lost by forfeit, and past games as the
                event&apos;s rule says. This cannot be undone.
              </Trans>
            </p>
          )}
          <label className="flex flex-col gap-1">
            <Trans comment="the reason for a disqualification">Reason</Trans>
            <input
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              maxLength={500}
              className="rounded border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          <div className="flex gap-2">
            <Button type="submit" disabled={disqualify.isPending || !reason.trim()}>
              <Trans>Confirm disqualification</Trans>
            </Button>
            <Button type="button" variant="secondary" onClick={() => setTarget(null)}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      )}
      <FormError message={error ? errorMessage(error) : null} />
    </details>
  );
};

type WithdrawConfirmProps = { username: string; started: boolean; pending: boolean; onConfirm: () => void; onCancel: () => void };

/** What withdrawing does, asked before it is done: after the start the player sits out (and
 * can be reinstated); before it their entry goes. */
const WithdrawConfirm = ({ username, started, pending, onConfirm, onCancel }: WithdrawConfirmProps) => {
  const { t } = useLingui();
  return (
    <div role="group" aria-label={t`Confirm: withdraw ${username}`} className="flex flex-col gap-2 rounded border border-amber-400 p-2 text-sm dark:border-amber-700">
      <p className="break-words">
        {started
          ? t`Withdraw ${username}? From the next round on they are not paired and score 0 for each round they miss, until a leader reinstates them.`
          : t`Withdraw ${username}? Their entry is removed; they can join again while entries are open.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button className="max-w-full truncate" variant="danger" autoFocus disabled={pending} onClick={onConfirm}>
          {t`Yes, withdraw ${username}`}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </div>
  );
};
