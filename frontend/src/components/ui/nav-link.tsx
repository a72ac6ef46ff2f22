import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

export type NavLinkClass = (state: { isActive: boolean }) => string;

type NavLinkProps = { to: string; end?: boolean; className: NavLinkClass; children: ReactNode };

/** A menu link marked as the current page (`aria-current="page"`, and `className`'s active
 * class) on its own path and, unless `end`, on every path under it: `/teams` for `/teams/x`. */
export const NavLink = ({ to, end = false, className, children }: NavLinkProps) => {
  const here = useLocation()[0].toLowerCase();
  const target = to.toLowerCase();
  const isActive = here === target || (!end && here.startsWith(target) && here.charAt(target.length) === '/');
  return (
    <Link to={to} className={className({ isActive })} aria-current={isActive ? 'page' : undefined}>
      {children}
    </Link>
  );
};
