import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';

import { usePageTitle } from '@/hooks/use-page-title';

export const NotFoundRoute = () => {
  const { t } = useLingui();
  usePageTitle(t`Page not found`);
  return (
    <div className="flex flex-col gap-3">
      <h1 className="text-2xl font-bold">
        <Trans>Page not found</Trans>
      </h1>
      <p>
        <Trans>There is nothing at this address.</Trans>
      </p>
      <Link to="/" className="self-start underline">
        <Trans>Back to the events</Trans>
      </Link>
    </div>
  );
};
