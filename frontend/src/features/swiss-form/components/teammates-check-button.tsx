import { Trans } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { useTeammatesCheck } from '@/lib/swiss/cohosts';
import { errorMessage } from '@/lib/api-error';

/** Asks the pairing engine whether the next round can keep teammates apart, before saving; its
 * answer (and its pairing) is shown, nothing is stored. */
export const TeammatesCheckButton = ({ tournamentId, rounds }: { tournamentId: number; rounds: number | null }) => {
  const check = useTeammatesCheck(tournamentId);
  const answer = check.data;
  const bye = answer?.bye;
  return (
    <div className="flex flex-col gap-1 text-sm">
      <Button variant="secondary" className="self-start" disabled={check.isPending} onClick={() => check.mutate(rounds)}>
        <Trans>Check the next round</Trans>
      </Button>
      {answer && (
        <div role="status" className={answer.pairable === false ? 'text-red-700 dark:text-red-400' : ''}>
          <p>{answer.message}</p>
          {answer.boards.length > 0 && (
            <ol className="list-decimal ps-5">
              {answer.boards.map((board) => (
                <li key={`${board.white}-${board.black}`}>
                  {board.white} – {board.black}
                </li>
              ))}
              {bye && (
                <li className="list-none">
                  <Trans>Bye: {bye}</Trans>
                </li>
              )}
            </ol>
          )}
        </div>
      )}
      <FormError message={check.error ? errorMessage(check.error) : null} />
    </div>
  );
};
