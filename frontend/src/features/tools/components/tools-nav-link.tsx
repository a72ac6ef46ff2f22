import { NavLink } from 'react-router';

import { useTrfCheckLimits } from '@/features/tools/api/trf-check';

type NavClass = (state: { isActive: boolean }) => string;

/** The header's link to the TRF checker, shown to team leaders only. */
export const ToolsNavLink = ({ className }: { className: NavClass }) => {
  const limits = useTrfCheckLimits();
  if (!limits.data?.allowed) return null;
  return (
    <NavLink to="/tools/trf-check" className={className}>
      TRF check
    </NavLink>
  );
};
