import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Icon } from '../../components/Icon';
import { formatDateTime } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import styles from './PasswordLinkPanel.module.css';

export const PasswordLinkPanelLinkFragment = graphql(`
  fragment PasswordLinkPanel_link on SetPasswordLink {
    path
    expiresAt
  }
`);

/**
 * A set-password link to pass on, shown once (only a hash of its token is stored): the full
 * address to copy, who it is for and until when it works.
 */
export function PasswordLinkPanel(props: { link: FragmentType<typeof PasswordLinkPanelLinkFragment>; userName: string; onDismiss(): void }) {
  const link = getFragmentData(PasswordLinkPanelLinkFragment, props.link);
  const ids = useId();
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}${link.path}`;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // The clipboard may be refused (no permission, not a secure context): the field stays selectable.
      document.getElementById(`${ids}-url`)?.focus();
    }
  }

  return (
    <section className={`alert alert--success ${styles.root}`} aria-labelledby={`${ids}-title`} data-testid="password-link">
      <Icon name="admin" size={16} />
      <div className={styles.body}>
        <h2 className={styles.title} id={`${ids}-title`}>
          Pass this link to {props.userName}
        </h2>
        <p className={styles.text}>
          It lets them choose their password, works once, and stops working on {formatDateTime(link.expiresAt)}. It is shown only now.
        </p>
        <div className={styles.row}>
          <label className="visually-hidden" htmlFor={`${ids}-url`}>
            Set-password link
          </label>
          <input id={`${ids}-url`} className={`input ${styles.url}`} readOnly value={url} onFocus={(event) => event.currentTarget.select()} data-testid="password-link-url" />
          <Button size="small" onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button size="small" variant="ghost" onClick={props.onDismiss}>
            Done
          </Button>
        </div>
      </div>
    </section>
  );
}
