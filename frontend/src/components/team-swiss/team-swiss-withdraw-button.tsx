import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormError } from '@/components/ui/form-error';
import { useWithdrawTeam } from '@/lib/team-swiss/team-actions';
import type { TeamEntry } from '@/lib/team-swiss/types';
import { errorMessage } from '@/lib/api-error';

/** Withdraw a team (its captain, or a host leader), in two steps: withdrawal is final. `label`:
 * the button's words (a translated text), "Withdraw team" when not given. */
export const TeamSwissWithdrawButton = ({ eventId, team, label }: { eventId: number; team: TeamEntry; label?: string }) => {
  const { t } = useLingui();
  const withdraw = useWithdrawTeam(eventId);
  if (team.status === 'withdrawn') {
    return (
      <Button variant="secondary" disabled>
        <Trans comment="a team that left the event">Withdrawn</Trans>
      </Button>
    );
  }
  return (
    <span className="inline-flex min-w-0 flex-col gap-1">
      <ConfirmButton confirmLabel={t`Withdrawal is final: withdraw`} disabled={withdraw.isPending} onConfirm={() => withdraw.mutate(team.tpn)}>
        {label ?? t`Withdraw team`}
      </ConfirmButton>
      {withdraw.error && <FormError message={errorMessage(withdraw.error)} />}
    </span>
  );
};
