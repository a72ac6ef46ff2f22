import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { QueryBoundary } from '@/components/ui/query-boundary';
import { useTrfCheckLimits } from '@/features/tools/api/trf-check';
import { TrfCheckForm } from '@/features/tools/components/trf-check-form';
import { useAuthPath } from '@/hooks/use-auth-path';
import { usePageTitle } from '@/hooks/use-page-title';

/** /tools/trf-check: the arbiters' TRF checker (the same report as `python -m arbiter.checker check`). */
export const TrfCheckRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`TRF checker`);
  const limits = useTrfCheckLimits();
  const loginPath = useAuthPath();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-bold">
        <Trans>TRF checker</Trans>
      </h1>
      <p className="max-w-3xl text-sm text-slate-600 dark:text-slate-300">
        <Trans>
          Upload a tournament report (TRF-2026, TRF-16 or the engines&apos; extended TRF). Every round is paired again by our
          engine from the rounds before it and compared with the file&apos;s pairings and colours; the tie-breaks the file
          declares are recomputed and compared with its ranks.
        </Trans>
      </p>
      <QueryBoundary query={limits} loadingLabel={t`Loading…`}>
        {(data) =>
          data.allowed ? (
            <TrfCheckForm maxBytes={data.max_bytes} />
          ) : (
            <p className="text-sm">
              <Trans>
                The checker is for the leaders of a team (the arbiters of its events).{' '}
                <Link to={loginPath} className="underline">
                  Log in
                </Link>{' '}
                with such an account, or{' '}
                <Link to="/teams" className="underline">
                  create a team
                </Link>
                .
              </Trans>
            </p>
          )
        }
      </QueryBoundary>
    </div>
  );
};
