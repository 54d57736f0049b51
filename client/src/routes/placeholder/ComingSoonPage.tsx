import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import type { Screen } from '../../features/session/navigation';
import { buttonClassName } from '../../components/buttonClass';
import styles from './ComingSoonPage.module.css';

/** A screen that is planned but not built yet: says what it will do, never a dead link. */
export function ComingSoonPage({ screen }: { screen: Screen }) {
  return (
    <main className="page" data-testid="coming-soon">
      <PageHeader
        title={screen.label}
        badge={
          <span className="badge badge--coming" data-testid="coming-badge">
            Coming
          </span>
        }
      />
      <section className="card coming-soon">
        <span className={styles.icon}>
          <Icon name={screen.icon} size={28} />
        </span>
        <h2 className="coming-soon__title">This screen is on its way</h2>
        <p className="coming-soon__text">{screen.summary}</p>
        <Link className={buttonClassName()} to="/">
          Back to the overview
        </Link>
      </section>
    </main>
  );
}
