import { useMutation, useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';
import { Hint } from '../../components/Hint';
import { Icon } from '../../components/Icon';
import { PublicPanel, publicFormClasses } from '../../components/PublicPanel';
import { FullPageLoading } from '../../components/StatusViews';
import { formatDateTime } from '../../format/numbers';
import { graphql } from '../../gql';

const MIN_PASSWORD_LENGTH = 12;

const PasswordLinkQuery = graphql(`
  query PasswordLink($token: String!) {
    passwordLinkStatus(token: $token) {
      valid
      email
      expiresAt
    }
  }
`);

const SetPasswordMutation = graphql(`
  mutation SetPassword($token: String!, $password: String!) {
    setPassword(token: $token, password: $password)
  }
`);

/**
 * `/set-password?token=…`: the screen a one-time link from an admin opens, signed out. The user
 * chooses their password (twice), then signs in with it (docs/security.md, set-password links).
 */
export function SetPasswordPage() {
  const ids = useId();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const status = useQuery(PasswordLinkQuery, { variables: { token }, skip: !token, fetchPolicy: 'network-only' });
  const [setPassword, { loading }] = useMutation(SetPasswordMutation);
  const [password, setPasswordText] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (token && status.loading && !status.data) return <FullPageLoading />;
  const link = status.data?.passwordLinkStatus;
  const email = link?.email ?? null;

  if (done) {
    return (
      <PublicPanel title="Your password is set" subtitle="Sign in with your email address and the password you just chose.">
        <Link className={buttonClassName({ variant: 'primary', block: true }, publicFormClasses.submit)} to={`/login?email=${encodeURIComponent(email ?? '')}`} data-testid="set-password-sign-in">
          Sign in
        </Link>
      </PublicPanel>
    );
  }

  if (!token || status.error || !link?.valid) {
    return (
      <PublicPanel title="This link does not work" subtitle="It has expired, was already used, or was replaced by a newer one.">
        <div className="alert alert--warning" role="alert" data-testid="set-password-invalid">
          <Icon name="alert" size={16} />
          <span>{status.error ? describeApiError(status.error).message : 'Ask an admin for a new link.'}</span>
        </div>
        <p>
          <Link to="/login">Go to sign in</Link>
        </p>
      </PublicPanel>
    );
  }

  const tooShort = [...password].length < MIN_PASSWORD_LENGTH;
  const mismatch = repeat !== '' && repeat !== password;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (tooShort || repeat !== password) return;
    setError(null);
    try {
      await setPassword({ variables: { token, password } });
      setDone(true);
    } catch (caught) {
      setError(describeApiError(caught).message);
    }
  }

  return (
    <PublicPanel title="Choose your password" subtitle={<>For <strong data-testid="set-password-email">{email}</strong>. This link works once, until {formatDateTime(link.expiresAt!)}.</>}>
      <form className={publicFormClasses.form} onSubmit={onSubmit} noValidate data-testid="set-password-form">
        {error && (
          <div className="alert alert--error" role="alert" data-testid="set-password-error">
            <Icon name="alert" size={16} />
            <span>{error}</span>
          </div>
        )}
        {/* For password managers: the account the new password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-password`}>
            New password
          </label>
          <input
            id={`${ids}-password`}
            className="input"
            type="password"
            autoComplete="new-password"
            autoFocus
            value={password}
            onChange={(event) => setPasswordText(event.target.value)}
            aria-describedby={`${ids}-password-hint`}
            data-testid="set-password-new"
          />
          <Hint id={`${ids}-password-hint`}>At least {MIN_PASSWORD_LENGTH} characters. A few unrelated words make a good one.</Hint>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-repeat`}>
            Repeat the password
          </label>
          <input
            id={`${ids}-repeat`}
            className="input"
            type="password"
            autoComplete="new-password"
            value={repeat}
            onChange={(event) => setRepeat(event.target.value)}
            aria-invalid={mismatch || undefined}
            aria-describedby={mismatch ? `${ids}-repeat-hint` : undefined}
            data-testid="set-password-repeat"
          />
          {mismatch && (
            <Hint tone="error" id={`${ids}-repeat-hint`}>
              The two passwords differ.
            </Hint>
          )}
        </div>
        <Button busy={loading} busyLabel="Saving…" type="submit" variant="primary" block className={publicFormClasses.submit} disabled={tooShort || repeat !== password} data-testid="set-password-submit">
          Set password
        </Button>
      </form>
    </PublicPanel>
  );
}
