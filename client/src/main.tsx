// Global styles first: the bundle keeps import order, so component CSS modules come after and win ties.
import './styles/tokens.css';
import './styles.css';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { createApolloClient } from './apollo/client';
import { ErrorBoundary } from './components/ErrorBoundary';
import { AppRoutes } from './router';

const client = createApolloClient();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={client}>
      <BrowserRouter>
        {/* The last resort, for the shell itself; each screen has its own boundary (RequireSession). */}
        <ErrorBoundary>
          <AppRoutes />
        </ErrorBoundary>
      </BrowserRouter>
    </ApolloProvider>
  </StrictMode>,
);
