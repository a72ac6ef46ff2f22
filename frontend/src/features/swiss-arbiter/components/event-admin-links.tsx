import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';

import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import { Dialog } from '@/components/ui/dialog';
import { SelectField } from '@/components/ui/select-field';
import { useBans, useCancelTournament, useLiftBan } from '@/features/swiss-arbiter/api/arbiter-actions';
import { TrfExportButton } from '@/components/swiss/trf-export-button';
import { dateTimeText } from '@/lib/i18n/format';
import type { Tournament } from '@/lib/swiss/types';
import { errorMessage } from '@/lib/api-error';

const linkClass = 'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800';

/** Edit, print, export (and check the export against FIDE's rating rules), lift a no-show ban, cancel. */
export const EventAdminLinks = ({ tournament }: { tournament: Tournament }) => {
  const { t } = useLingui();
  const bans = useBans(tournament.id);
  const [confirming, setConfirming] = useState(false);
  const [banned, setBanned] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const cancel = useCancelTournament(tournament.id);
  const lift = useLiftBan(tournament.id);
  const open = tournament.status === 'scheduled' || tournament.status === 'running';
  const error = lift.error ?? cancel.error;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap gap-2">
        {open && (
          <Link to={`/swiss/${tournament.id}/edit`} className={linkClass}>
            <Trans>Edit event</Trans>
          </Link>
        )}
        <Link to={`/swiss/${tournament.id}/print/pairings`} className={linkClass}>
          <Trans>Print pairings</Trans>
        </Link>
        <Link to={`/swiss/${tournament.id}/print/standings`} className={linkClass}>
          <Trans>Print standings</Trans>
        </Link>
        <Link to={`/swiss/${tournament.id}/print/crosstable`} className={linkClass}>
          <Trans>Print crosstable</Trans>
        </Link>
        <Link to={`/swiss/${tournament.id}/print/prizes`} className={linkClass}>
          <Trans>Print prizes</Trans>
        </Link>
        <Link to={`/swiss/${tournament.id}/rating-report`} className={linkClass}>
          <Trans>FIDE rating report</Trans>
        </Link>
        <Link to={`/swiss/${tournament.id}/exports`} className={linkClass}>
          <Trans>Federation exports</Trans>
        </Link>
        <TrfExportButton tournament={tournament} />
        <TrfExportButton tournament={tournament} format="trf16" />
        <TrfExportButton tournament={tournament} format="trfx" />
        {open && (
          <Button variant="danger" onClick={() => setConfirming(true)}>
            <Trans>Cancel event</Trans>
          </Button>
        )}
      </div>
      {bans.data && bans.data.length === 0 ? (
        <p className="text-sm">
          <Trans>No player of this team has a no-show ban.</Trans>
        </p>
      ) : (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField label={t`Player with a no-show ban`} value={banned} onChange={(event) => setBanned(event.target.value)}>
            <option value="">{t`Choose…`}</option>
            {(bans.data ?? []).map((ban) => {
              const { username } = ban;
              const until = dateTimeText(ban.banned_until);
              return (
                <option key={username} value={username}>
                  {t`${username} (until ${until})`}
                </option>
              );
            })}
          </SelectField>
          <Button
            variant="secondary"
            disabled={!banned || lift.isPending}
            onClick={() => lift.mutate(banned, { onSuccess: () => (setNotice(t`${banned}'s no-show ban is lifted.`), setBanned('')) })}
          >
            <Trans>Lift ban</Trans>
          </Button>
        </div>
      )}
      <div aria-live="polite" className="text-sm">
        {notice}
      </div>
      <FormError message={error ? errorMessage(error) : null} />
      <Dialog title={t`Cancel this event?`} open={confirming} onClose={() => setConfirming(false)}>
        <p className="text-sm">
          <Trans>Nobody can play on; results so far stay on record. This cannot be undone.</Trans>
        </p>
        <div className="flex gap-2">
          <Button variant="danger" onClick={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}>
            <Trans>Cancel the event</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            <Trans>Keep it</Trans>
          </Button>
        </div>
      </Dialog>
    </div>
  );
};
