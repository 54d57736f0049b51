import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { useEntityHref, type EntityKind } from './entityLinks';
import styles from './EntityLink.module.css';

interface EntityLinkProps {
  kind: EntityKind;
  /** The entity's id; without one (Unclassified, Off contract) the name is plain text. */
  id: string | null | undefined;
  children: ReactNode;
  /** -1 inside grids that move focus themselves (the cell opens the link on Enter). */
  tabIndex?: number;
  title?: string;
  className?: string;
}

/**
 * A supplier, category or contract name that opens its page, keeping the global filter. The one
 * way names link anywhere in the console. Its click is its own: a row or cell around it does not
 * also act on it.
 */
export function EntityLink({ kind, id, children, tabIndex, title, className }: EntityLinkProps) {
  const href = useEntityHref();
  if (id === null || id === undefined) return <span className={className}>{children}</span>;
  return (
    <Link
      to={href(kind, id)}
      className={[styles.link, className].filter(Boolean).join(' ')}
      tabIndex={tabIndex}
      title={title}
      data-entity={kind}
      data-entity-id={id}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      {children}
    </Link>
  );
}
