import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { ErrorState, FullPageLoading } from './components/StatusViews';
import { RequireSession } from './features/session/RequireSession';
import { screens, type Screen } from './features/session/navigation';
import { useSessionRole } from './features/session/SessionContext';
import { CategoriesRoutes } from './routes/categories/CategoriesRoutes';
import { LoginPage } from './routes/login/LoginPage';
import { ContractsRoutes } from './routes/contracts/ContractsRoutes';
import { ExplorePage } from './routes/explore/ExplorePage';
import { LinesPage } from './routes/lines/LinesPage';
import { OverviewPage } from './routes/overview/OverviewPage';
import { AccessDeniedPage } from './routes/placeholder/AccessDeniedPage';
import { NotFoundPage } from './routes/placeholder/NotFoundPage';
import { ReportsRoutes } from './routes/reports/ReportsRoutes';
import { SetPasswordPage } from './routes/set-password/SetPasswordPage';
import { SuppliersRoutes } from './routes/suppliers/SuppliersRoutes';

/**
 * A screen in a chunk of its own, loaded on its first visit, with the loading page meanwhile. A
 * chunk that cannot be fetched (the connection dropped, or the console was updated since this tab
 * opened and the old file is gone) says so and offers a reload, instead of a blank page.
 */
function lazyPage(load: () => Promise<{ default: () => React.JSX.Element }>): () => React.JSX.Element {
  const Page = lazy(() =>
    load().catch((error: unknown) => ({
      default: () => (
        <ErrorState
          error={error}
          title="This screen could not be loaded"
          text="The connection may have dropped, or Spendscope was updated since this page opened. Reloading fetches it again."
          onRetry={() => window.location.reload()}
        />
      ),
    })),
  );
  return function LazyPage() {
    return (
      <Suspense fallback={<FullPageLoading />}>
        <Page />
      </Suspense>
    );
  };
}

// The query workbench carries GraphiQL and Monaco (megabytes). Administration and imports are
// for admins and finance only; the other roles never load them.
const LazyQueryPage = lazyPage(() => import('./routes/query/QueryPage'));
const LazyAdminRoutes = lazyPage(() => import('./routes/admin/AdminRoutes').then((m) => ({ default: m.AdminRoutes })));
const LazyImportsRoutes = lazyPage(() => import('./routes/imports/ImportsRoutes').then((m) => ({ default: m.ImportsRoutes })));

/** Each screen of the navigation (features/session/navigation.ts) and the page that serves it, detail routes included. */
const pages: Record<string, () => React.JSX.Element> = {
  '/': OverviewPage,
  '/categories': CategoriesRoutes,
  '/suppliers': SuppliersRoutes,
  '/contracts': ContractsRoutes,
  '/explore': ExplorePage,
  '/lines': LinesPage,
  '/query': LazyQueryPage,
  '/reports': ReportsRoutes,
  '/imports': LazyImportsRoutes,
  '/admin': LazyAdminRoutes,
};

/** Screens a role may not use answer with an explanation rather than their content. */
function ScreenRoute({ screen }: { screen: Screen }) {
  const role = useSessionRole();
  if (!role || !screen.roles.includes(role)) return <AccessDeniedPage screen={screen} />;
  const Page = pages[screen.path];
  return Page ? <Page /> : <NotFoundPage />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      {/* A one-time link from an admin opens this signed out (docs/security.md). */}
      <Route path="/set-password" element={<SetPasswordPage />} />
      <Route element={<RequireSession />}>
        {screens.map((screen) =>
          screen.path === '/' ? (
            <Route key={screen.path} index element={<ScreenRoute screen={screen} />} />
          ) : (
            // Detail routes (e.g. /suppliers/42) and admin sub-pages are their screen's own routes.
            <Route key={screen.path} path={`${screen.path.slice(1)}/*`} element={<ScreenRoute screen={screen} />} />
          ),
        )}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
