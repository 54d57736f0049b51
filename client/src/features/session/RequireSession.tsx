import { useQuery } from '@apollo/client/react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../apollo/client';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { ErrorState, FullPageLoading } from '../../components/StatusViews';
import { graphql } from '../../gql';
import { SettingsGate } from '../settings/SettingsGate';
import { AppShell } from './AppShell';
import { SessionRoleContext } from './SessionContext';

const SessionQuery = graphql(`
  query Session {
    me {
      id
      role
      ...AppShell_user
    }
  }
`);

/** Renders the console shell for a signed-in user; sends everyone else to sign in. */
export function RequireSession() {
  const location = useLocation();
  const { data, error, loading } = useQuery(SessionQuery);

  if (loading && !data) return <FullPageLoading />;
  if (error) {
    return (
      <main className="page page--centered">
        <ErrorState error={error} title="Spendscope could not load your session" />
      </main>
    );
  }
  if (!data?.me) return <Navigate to={loginPathFor(location)} replace />;

  return (
    <SessionRoleContext.Provider value={data.me.role}>
      <SettingsGate>
        <AppShell user={data.me}>
          {/* A screen that fails to draw leaves the navigation usable; moving to another screen clears it. */}
          <ErrorBoundary resetKey={location.pathname}>
            <Outlet />
          </ErrorBoundary>
        </AppShell>
      </SettingsGate>
    </SessionRoleContext.Provider>
  );
}
