import type { ReactNode } from 'react';
import { Icon } from './Icon';
import styles from './Notice.module.css';

/** A warning the screen wants read but that blocks nothing, such as parts of a link's filter that were ignored. */
export function Notice({ children, icon = false, className, testId }: { children: ReactNode; icon?: boolean; className?: string; testId?: string }) {
  return (
    <p className={className ? `${styles.notice} ${className}` : styles.notice} role="status" data-testid={testId}>
      {icon && <Icon name="alert" size={16} />}
      {children}
    </p>
  );
}
