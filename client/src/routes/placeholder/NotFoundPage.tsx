import { Link, useLocation } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { buttonClassName } from '../../components/buttonClass';

export function NotFoundPage() {
  const location = useLocation();
  return (
    <main className="page" data-testid="not-found">
      <PageHeader title="Page not found" />
      <section className="card notice-page">
        <h2 className="notice-page__title">There is nothing at this address</h2>
        <p className="notice-page__text">
          <code>{location.pathname}</code> is not a Spendscope page. It may have moved, or the link may be mistyped.
        </p>
        <Link className={buttonClassName()} to="/">
          Go to the overview
        </Link>
      </section>
    </main>
  );
}
