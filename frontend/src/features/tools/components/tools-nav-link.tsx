import { Trans } from '@lingui/react/macro';

import { NavLink, type NavLinkClass } from '@/components/ui/nav-link';
import { useTrfCheckLimits } from '@/features/tools/api/trf-check';

/** The header's link to the TRF checker, shown to team leaders only. */
export const ToolsNavLink = ({ className }: { className: NavLinkClass }) => {
  const limits = useTrfCheckLimits();
  if (!limits.data?.allowed) return null;
  return (
    <NavLink to="/tools/trf-check" className={className}>
      <Trans comment="The header's link to the page that checks a TRF file.">TRF check</Trans>
    </NavLink>
  );
};
