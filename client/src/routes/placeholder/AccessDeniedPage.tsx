import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import type { Screen } from '../../features/session/navigation';
import { buttonClassName } from '../../components/buttonClass';

export function AccessDeniedPage({ screen }: { screen: Screen }) {
  return (
    <main className="page" data-testid="access-denied">
      <PageHeader title={screen.label} />
      <section className="card notice-page">
        <h2 className="notice-page__title">Your role does not include this screen</h2>
        <p className="notice-page__text">Ask an administrator if you need access to {screen.label.toLowerCase()}.</p>
        <Link className={buttonClassName()} to="/">
          Go to the overview
        </Link>
      </section>
    </main>
  );
}
