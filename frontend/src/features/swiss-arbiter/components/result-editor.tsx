import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Dialog } from '@/components/ui/dialog';
import { useNoShowBan } from '@/features/swiss-arbiter/api/arbiter-actions';
import { useRecordResult } from '@/lib/swiss/record-result';
import { ARBITER_RESULTS, standingsEffect } from '@/features/swiss-arbiter/types/arbiter';
import { useForwardArrow } from '@/features/swiss-arbiter/hooks/use-forward-arrow';
import { dateTimeText, numberText } from '@/lib/i18n/format';
import { resultLabel } from '@/lib/swiss/display';
import type { GameResult, Pairing, Standing } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

type Proposal = { board: Pairing; result: GameResult; noShow: 'white' | 'black' | null };

const points = (value: number) => (Number.isInteger(value) ? String(value) : `${Math.floor(value)}½`.replace(/^0½$/, '½'));

/** Asks before a result is set, showing what it does to both players' points and places.
 * `round`: the round of `boards`, whose cache takes the board the answer gives back. */
type ResultConfirmProps = { tournamentId: number; round: number; proposal: Proposal | null; boards: Pairing[]; rows: Standing[]; onDone: () => void };

export const ResultConfirm = ({ tournamentId, round, proposal: asked, boards, rows, onDone }: ResultConfirmProps) => {
  const { t } = useLingui();
  const arrow = useForwardArrow();
  const save = useRecordResult(tournamentId, round);
  if (!asked) return null;
  // The board as it is now: a player's report may have landed since the arbiter picked.
  const proposal = { ...asked, board: boards.find((board) => board.id === asked.board.id) ?? asked.board };
  const effects = standingsEffect(proposal.board, proposal.result, rows);
  const absent = proposal.noShow === 'white' ? proposal.board.white : proposal.noShow === 'black' ? proposal.board.black : null;
  const { white, black, board: number } = proposal.board;
  const result = resultLabel(proposal.result);
  const was = proposal.board.result ? resultLabel(proposal.board.result) : null;
  let change: string;
  if (was)
    change = absent
      ? t`${white} – ${black}: ${was} becomes ${result} (${absent} did not show up).`
      : t`${white} – ${black}: ${was} becomes ${result}.`;
  else change = absent ? t`${white} – ${black}: ${result} (${absent} did not show up).` : t`${white} – ${black}: ${result}.`;
  return (
    <Dialog title={absent ? t`Board ${number}: ${absent} did not show up` : t`Board ${number}: set ${result}`} open onClose={onDone}>
      <p className="text-sm">{change}</p>
      {absent && <NoShowConsequences tournamentId={tournamentId} absent={absent} entryId={rows.find((row) => row.username === absent)?.id ?? null} />}
      <table aria-label={t`Standings effect`} className="text-sm">
        <thead>
          <tr className="text-start">
            <th className="pe-3">
              <Trans>Player</Trans>
            </th>
            <th className="pe-3">
              <Trans>Points</Trans>
            </th>
            <th>
              <Trans>Place by points</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {effects.map((effect) => (
            <tr key={effect.username}>
              <td className="pe-3 font-medium">{effect.username}</td>
              <td className="pe-3">
                {points(effect.before)} {arrow} {points(effect.after)}
              </td>
              <td>
                {effect.placeBefore} {arrow} {effect.placeAfter}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormError message={save.error ? errorMessage(save.error) : null} />
      <div className="flex gap-2">
        <Button disabled={save.isPending} onClick={() => save.mutate({ pairingId: proposal.board.id, result: proposal.result, noShow: proposal.noShow }, { onSuccess: onDone })}>
          {absent ? t`Confirm no-show` : t`Confirm result`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          <Trans>Keep as it was</Trans>
        </Button>
      </div>
    </Dialog>
  );
};

const HOUR = 3_600;

/** A ban's length as people say it, in the interface language: "24 hours", "36 hours", "3 days",
 * "2 days and 6 hours". */
const banLength = (seconds: number, locale: string): string => {
  const hours = Math.round(seconds / HOUR);
  const unit = (amount: number, name: 'day' | 'hour') => numberText(amount, { style: 'unit', unit: name, unitDisplay: 'long' });
  if (hours < 48) return unit(hours, 'hour');
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  const parts = rest ? [unit(days, 'day'), unit(rest, 'hour')] : [unit(days, 'day')];
  return new Intl.ListFormat(locale || 'en', { type: 'conjunction', style: 'long' }).format(parts);
};

/** What a no-show does besides the forfeit, told before it is confirmed: the player is withdrawn
 * from this event and banned from the host's events for the length the team's ladder gives them
 * now, asked of the server that applies it (docs/swiss.md, "results"). */
const NoShowConsequences = ({ tournamentId, absent, entryId }: { tournamentId: number; absent: string; entryId: number | null }) => {
  const { t, i18n } = useLingui();
  const ban = useNoShowBan(tournamentId, entryId);
  const known = ban.data;
  let banText: string;
  if (entryId === null) banText = t`The ban that follows could not be looked up (${absent} is not in the standings).`;
  else if (ban.error) {
    const reason = errorMessage(ban.error);
    banText = t`The ban that follows could not be looked up: ${reason}`;
  } else if (!known) banText = t`Looking up ${absent}'s no-show record…`;
  else if (known.ban_seconds === null) banText = t`No ban: ${absent} has no account here.`;
  else {
    // From when the server answered: the ban runs from the confirmation, a moment later.
    const until = dateTimeText(ban.dataUpdatedAt + known.ban_seconds * 1000);
    const team = known.team_name;
    const length = banLength(known.ban_seconds, i18n.locale);
    banText = t`Banned from the events of ${team}, this one included, for ${length} (until about ${until}): they cannot join or rejoin one meanwhile.`;
    if (known.banned_until) {
      const previous = dateTimeText(known.banned_until);
      banText = `${banText} ${t`This replaces the ban that runs until ${previous}: a repeat is banned longer.`}`;
    }
  }
  return (
    <div role="note" aria-label={t`What a no-show does`} className="flex flex-col gap-1 rounded border border-amber-400 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="font-medium">
        <Trans>More than a forfeit loss for {absent}:</Trans>
      </p>
      <ul className="list-disc ps-5">
        <li>
          <Trans>Withdrawn from this event: not paired in the next rounds.</Trans>
        </li>
        <li>{banText}</li>
      </ul>
      <p>
        {known?.ban_seconds === null
          ? t`A leader can reinstate them (Players).`
          : t`A leader can lift the ban (“Lift ban” in the Arbiter panel), then reinstate them (Players).`}
      </p>
    </div>
  );
};

/** Every board of a round with a result picker: set, correct, forfeit, no-show. */
export const ResultEditor = ({ tournamentId, round, boards, rows }: { tournamentId: number; round: number; boards: Pairing[]; rows: Standing[] }) => {
  const { t } = useLingui();
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [choices, setChoices] = useState<Record<number, string>>({});
  return (
    <div className="flex flex-col gap-1">
      {/* On a phone each board's row wraps: names and result on one line, the picker below. */}
      <table aria-label={t`Results`} className="w-full text-sm">
        <tbody>
          {boards.map((board) => {
            const choice = choices[board.id] ?? '';
            const { white, black } = board;
            const number = board.board;
            return (
              <tr key={board.id} className="flex flex-wrap items-center gap-x-2 border-b border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700">
                <td className="tabular-nums sm:py-1 sm:pe-2">{number}</td>
                <td className="min-w-0 break-words sm:pe-2">
                  {white} – {black}
                </td>
                <td className="sm:pe-2">{board.disputed ? t({ message: 'disputed', comment: 'a board whose players reported different results' }) : resultLabel(board.result)}</td>
                <td className="flex w-full min-w-0 gap-1 py-1 sm:w-auto">
                  <select
                    aria-label={t`Result of board ${number}`}
                    value={choice}
                    onChange={(event) => setChoices({ ...choices, [board.id]: event.target.value })}
                    className="w-0 min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 sm:w-auto sm:flex-none dark:border-slate-600 dark:bg-slate-900"
                  >
                    <option value="">{t`Choose…`}</option>
                    {ARBITER_RESULTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(option.label)}
                      </option>
                    ))}
                    <option value="noshow-white">{t`${white} did not show up`}</option>
                    <option value="noshow-black">{t`${black} did not show up`}</option>
                  </select>
                  <Button
                    variant="secondary"
                    aria-label={t`Set result of board ${number}`}
                    disabled={!choice}
                    onClick={() =>
                      setProposal(
                        choice === 'noshow-white'
                          ? { board, result: '-+', noShow: 'white' }
                          : choice === 'noshow-black'
                            ? { board, result: '+-', noShow: 'black' }
                            : { board, result: choice as GameResult, noShow: null },
                      )
                    }
                  >
                    <Trans comment="set a board's result">Set</Trans>
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <ResultConfirm tournamentId={tournamentId} round={round} proposal={proposal} boards={boards} rows={rows} onDone={() => setProposal(null)} />
    </div>
  );
};
