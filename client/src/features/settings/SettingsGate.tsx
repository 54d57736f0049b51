import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { ErrorState, FullPageLoading } from '../../components/StatusViews';
import { SettingsContext, SettingsDocument } from './useSettings';

/**
 * Loads the settings once for the signed-in session and provides them to everything below.
 * They change only when the server restarts, so the cache answers from then on.
 */
export function SettingsGate(props: { children: ReactNode }) {
  const { data, error, refetch } = useQuery(SettingsDocument, { fetchPolicy: 'cache-first' });
  if (error && !data) {
    return (
      <main className="page page--centered">
        <ErrorState error={error} title="Spendscope could not load its settings" onRetry={() => void refetch()} />
      </main>
    );
  }
  if (!data) return <FullPageLoading />;
  return <SettingsContext.Provider value={data.settings}>{props.children}</SettingsContext.Provider>;
}
