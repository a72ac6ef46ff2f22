import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormError } from '@/components/ui/form-error';
import { useWithdrawTeam } from '@/lib/team-swiss/team-actions';
import type { TeamEntry } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

/** Withdraw a team (its captain, or a host leader), in two steps: withdrawal is final. */
export const TeamSwissWithdrawButton = ({ eventId, team, label = 'Withdraw team' }: { eventId: number; team: TeamEntry; label?: string }) => {
  const withdraw = useWithdrawTeam(eventId);
  if (team.status === 'withdrawn') {
    return (
      <Button variant="secondary" disabled>
        Withdrawn
      </Button>
    );
  }
  return (
    <span className="inline-flex min-w-0 flex-col gap-1">
      <ConfirmButton confirmLabel="Withdrawal is final: withdraw" disabled={withdraw.isPending} onConfirm={() => withdraw.mutate(team.tpn)}>
        {label}
      </ConfirmButton>
      {withdraw.error && <FormError message={errorMessage(withdraw.error)} />}
    </span>
  );
};
