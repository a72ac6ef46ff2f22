import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Dialog } from '@/components/ui/dialog';
import { useNoShowBan } from '@/features/swiss-arbiter/api/arbiter-actions';
import { useRecordResult } from '@/lib/swiss/record-result';
import { ARBITER_RESULTS, standingsEffect } from '@/features/swiss-arbiter/types/arbiter';
import { formatDateTime, resultLabel } from '@/lib/swiss/display';
import type { GameResult, Pairing, Standing } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

type Proposal = { board: Pairing; result: GameResult; noShow: 'white' | 'black' | null };

const points = (value: number) => (Number.isInteger(value) ? String(value) : `${Math.floor(value)}½`.replace(/^0½$/, '½'));

/** Asks before a result is set, showing what it does to both players' points and places.
 * `round`: the round of `boards`, whose cache takes the board the answer gives back. */
type ResultConfirmProps = { tournamentId: number; round: number; proposal: Proposal | null; boards: Pairing[]; rows: Standing[]; onDone: () => void };

export const ResultConfirm = ({ tournamentId, round, proposal: asked, boards, rows, onDone }: ResultConfirmProps) => {
  const save = useRecordResult(tournamentId, round);
  if (!asked) return null;
  // The board as it is now: a player's report may have landed since the arbiter picked.
  const proposal = { ...asked, board: boards.find((board) => board.id === asked.board.id) ?? asked.board };
  const effects = standingsEffect(proposal.board, proposal.result, rows);
  const absent = proposal.noShow === 'white' ? proposal.board.white : proposal.noShow === 'black' ? proposal.board.black : null;
  return (
    <Dialog
      title={absent ? `Board ${proposal.board.board}: ${absent} did not show up` : `Board ${proposal.board.board}: set ${resultLabel(proposal.result)}`}
      open
      onClose={onDone}
    >
      <p className="text-sm">
        {proposal.board.white} – {proposal.board.black}: {proposal.board.result ? `${resultLabel(proposal.board.result)} becomes ` : ''}
        {resultLabel(proposal.result)}
        {absent && ` (${absent} did not show up)`}.
      </p>
      {absent && <NoShowConsequences tournamentId={tournamentId} absent={absent} entryId={rows.find((row) => row.username === absent)?.id ?? null} />}
      <table aria-label="Standings effect" className="text-sm">
        <thead>
          <tr className="text-left">
            <th className="pr-3">Player</th>
            <th className="pr-3">Points</th>
            <th>Place by points</th>
          </tr>
        </thead>
        <tbody>
          {effects.map((effect) => (
            <tr key={effect.username}>
              <td className="pr-3 font-medium">{effect.username}</td>
              <td className="pr-3">
                {points(effect.before)} → {points(effect.after)}
              </td>
              <td>
                {effect.placeBefore} → {effect.placeAfter}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FormError message={save.error ? errorMessage(save.error) : null} />
      <div className="flex gap-2">
        <Button disabled={save.isPending} onClick={() => save.mutate({ pairingId: proposal.board.id, result: proposal.result, noShow: proposal.noShow }, { onSuccess: onDone })}>
          {absent ? 'Confirm no-show' : 'Confirm result'}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Keep as it was
        </Button>
      </div>
    </Dialog>
  );
};

const HOUR = 3_600;

/** A ban's length as people say it: "24 hours", "36 hours", "3 days", "2 days and 6 hours". */
const banLength = (seconds: number): string => {
  const hours = Math.round(seconds / HOUR);
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return `${days} days${rest ? ` and ${rest} hour${rest === 1 ? '' : 's'}` : ''}`;
};

/** What a no-show does besides the forfeit, told before it is confirmed: the player is withdrawn
 * from this event and banned from the host's events for the length the team's ladder gives them
 * now, asked of the server that applies it (docs/swiss.md, "results"). */
const NoShowConsequences = ({ tournamentId, absent, entryId }: { tournamentId: number; absent: string; entryId: number | null }) => {
  const ban = useNoShowBan(tournamentId, entryId);
  const known = ban.data;
  let banText: string;
  if (entryId === null) banText = `The ban that follows could not be looked up (${absent} is not in the standings).`;
  else if (ban.error) banText = `The ban that follows could not be looked up: ${errorMessage(ban.error)}`;
  else if (!known) banText = `Looking up ${absent}'s no-show record…`;
  else if (known.ban_seconds === null) banText = `No ban: ${absent} has no account here.`;
  else {
    // From when the server answered: the ban runs from the confirmation, a moment later.
    const until = formatDateTime(new Date(ban.dataUpdatedAt + known.ban_seconds * 1000).toISOString());
    banText =
      `Banned from the events of ${known.team_name}, this one included, for ${banLength(known.ban_seconds)} (until about ${until}): ` +
      `they cannot join or rejoin one meanwhile.` +
      (known.banned_until ? ` This replaces the ban that runs until ${formatDateTime(known.banned_until)}: a repeat is banned longer.` : '');
  }
  return (
    <div role="note" aria-label="What a no-show does" className="flex flex-col gap-1 rounded border border-amber-400 bg-amber-50 p-2 text-sm dark:border-amber-700 dark:bg-amber-950">
      <p className="font-medium">More than a forfeit loss for {absent}:</p>
      <ul className="list-disc pl-5">
        <li>Withdrawn from this event: not paired in the next rounds.</li>
        <li>{banText}</li>
      </ul>
      <p>
        {known?.ban_seconds === null
          ? 'A leader can reinstate them (Players).'
          : 'A leader can lift the ban (“Lift ban” in the Arbiter panel), then reinstate them (Players).'}
      </p>
    </div>
  );
};

/** Every board of a round with a result picker: set, correct, forfeit, no-show. */
export const ResultEditor = ({ tournamentId, round, boards, rows }: { tournamentId: number; round: number; boards: Pairing[]; rows: Standing[] }) => {
  const [proposal, setProposal] = useState<Proposal | null>(null);
  const [choices, setChoices] = useState<Record<number, string>>({});
  return (
    <div className="flex flex-col gap-1">
      {/* On a phone each board's row wraps: names and result on one line, the picker below. */}
      <table aria-label="Results" className="w-full text-sm">
        <tbody>
          {boards.map((board) => {
            const choice = choices[board.id] ?? '';
            return (
              <tr key={board.id} className="flex flex-wrap items-center gap-x-2 border-b border-slate-200 py-1 sm:table-row sm:py-0 dark:border-slate-700">
                <td className="tabular-nums sm:py-1 sm:pr-2">{board.board}</td>
                <td className="min-w-0 break-words sm:pr-2">
                  {board.white} – {board.black}
                </td>
                <td className="sm:pr-2">{board.disputed ? 'disputed' : resultLabel(board.result)}</td>
                <td className="flex w-full min-w-0 gap-1 py-1 sm:w-auto">
                  <select
                    aria-label={`Result of board ${board.board}`}
                    value={choice}
                    onChange={(event) => setChoices({ ...choices, [board.id]: event.target.value })}
                    className="w-0 min-w-0 flex-1 rounded border border-slate-300 bg-white px-1 sm:w-auto sm:flex-none dark:border-slate-600 dark:bg-slate-900"
                  >
                    <option value="">Choose…</option>
                    {ARBITER_RESULTS.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                    <option value="noshow-white">{board.white} did not show up</option>
                    <option value="noshow-black">{board.black} did not show up</option>
                  </select>
                  <Button
                    variant="secondary"
                    aria-label={`Set result of board ${board.board}`}
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
                    Set
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
