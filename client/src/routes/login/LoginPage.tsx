import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { describeApiError } from '../../apollo/errors';
import { Icon } from '../../components/Icon';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';
import { PublicPanel, publicFormClasses } from '../../components/PublicPanel';

const LoginSessionQuery = graphql(`
  query LoginSession {
    me {
      id
    }
  }
`);

const LoginMutation = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      user {
        id
      }
    }
  }
`);

/** Only same-site paths are followed after sign-in, never another origin. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/';
}

function waitText(seconds: number | null): string {
  if (seconds === null) return 'a few minutes';
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

function loginErrorMessage(error: unknown): string {
  const info = describeApiError(error);
  switch (info.code) {
    case 'UNAUTHENTICATED':
      return 'Email or password is incorrect.';
    case 'RATE_LIMITED':
      return `Too many sign-in attempts. Try again in ${waitText(info.retryAfterSeconds)}.`;
    case 'BAD_USER_INPUT':
      return info.message;
    case 'NETWORK_ERROR':
      return 'Could not reach the Spendscope server. Check your connection and try again.';
    default:
      return info.requestId
        ? `Sign-in failed because of a server error (request id ${info.requestId}). Try again in a moment.`
        : 'Sign-in failed because of a server error. Try again in a moment.';
  }
}

export function LoginPage() {
  const [searchParams] = useSearchParams();
  const next = safeNext(searchParams.get('next'));
  const navigate = useNavigate();
  const client = useApolloClient();
  const session = useQuery(LoginSessionQuery);
  const [login, { loading }] = useMutation(LoginMutation);
  // A link from the set-password screen names the address, so the user only types the new password.
  const [email, setEmail] = useState(searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  if (session.data?.me) return <Navigate to={next} replace />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrorMessage(null);
    try {
      await login({ variables: { email: email.trim(), password } });
      // Start from an empty cache so nothing from before sign-in leaks into the new session.
      await client.clearStore();
      navigate(next, { replace: true });
    } catch (error) {
      setErrorMessage(loginErrorMessage(error));
    }
  }

  return (
    <PublicPanel title="Sign in" subtitle="Procurement spend analytics for your organisation.">
      <form className={publicFormClasses.form} onSubmit={onSubmit} noValidate>
        {errorMessage && (
          <div className="alert alert--error" role="alert" data-testid="login-error">
            <Icon name="alert" size={16} />
            <span>{errorMessage}</span>
          </div>
        )}
        <label className="field">
          <span className="field__label">Email</span>
          <input
            className="input"
            type="email"
            name="email"
            autoComplete="username"
            required
            autoFocus={!email}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">Password</span>
          <input
            className="input"
            type="password"
            name="password"
            autoComplete="current-password"
            required
            autoFocus={Boolean(email)}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        <Button busy={loading} busyLabel="Signing in…" type="submit" variant="primary" block className={publicFormClasses.submit} disabled={!email || !password}>
          Sign in
        </Button>
      </form>
    </PublicPanel>
  );
}
