import { Link } from 'wouter';

type PlayerLinkProps = { name: string; className?: string; title?: string };

const USERNAME = /^[\p{L}\p{N}_.@+-]+$/u;

/** A player's name as a link to their profile (`/@/:username`). An entry the arbiter
 * registered without an account ("Doe, Jane") has no profile: its name is plain text. */
export const PlayerLink = ({ name, className = '', title }: PlayerLinkProps) =>
  USERNAME.test(name) ? (
    <Link to={`/@/${encodeURIComponent(name)}`} title={title ?? name} className={`underline-offset-2 hover:underline ${className}`}>
      {name}
    </Link>
  ) : (
    <span title={title ?? name} className={className}>
      {name}
    </span>
  );
