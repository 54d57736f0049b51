import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams, withSearchParams } from '../../filters/useSearchParams';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Hint } from '../../components/Hint';
import { Icon } from '../../components/Icon';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { pageFromParams, pageToParams } from '../../components/pager';
import { ErrorState, SkeletonRows } from '../../components/StatusViews';
import { roleLabels } from '../../features/session/navigation';
import { useSettings } from '../../features/settings/useSettings';
import { PasswordLinkPanel, PasswordLinkPanelLinkFragment } from '../../features/users/PasswordLinkPanel';
import { MIN_PASSWORD_LENGTH, UserForm } from '../../features/users/UserForm';
import { UsersTable, type UserRow } from '../../features/users/UsersTable';
import { useCreateUser, useDisableUser, useEnableUser, useResetUserPassword, useUpdateUser } from '../../features/users/userMutations';
import { formatCount } from '../../format/numbers';
import { graphql, type FragmentType } from '../../gql';
import type { CreateUserInput, Role, UpdateUserInput, UserStatus } from '../../gql/graphql';
import styles from './UsersPage.module.css';

const DEFAULT_PAGE_SIZE = 25;
const roles = Object.keys(roleLabels) as Role[];

const UsersPageQuery = graphql(`
  query UsersPage($search: String, $role: Role, $status: UserStatus, $page: PageInput) {
    me {
      id
    }
    users(search: $search, role: $role, status: $status, page: $page) {
      totalCount
      nodes {
        id
        ...UsersTable_user
      }
    }
  }
`);

const UserEditorQuery = graphql(`
  query UserEditor($id: ID!) {
    user(id: $id) {
      id
      version
      ...UserForm_user
    }
  }
`);

type Dialog = { kind: 'disable'; user: UserRow } | { kind: 'reset'; user: UserRow } | null;
type Link = { userName: string; link: FragmentType<typeof PasswordLinkPanelLinkFragment> };

function errorText(error: unknown): string {
  const info = describeApiError(error);
  if (info.code === 'CONFLICT' && /changed by someone else/.test(info.message)) return `${info.message} The list now shows the latest version.`;
  return info.requestId ? `${info.message} (request id ${info.requestId})` : info.message;
}

/** `/admin/users`: people, their roles and scopes; create, edit, disable and enable, reset passwords. ADMIN only. */
export function UsersPage() {
  const ids = useId();
  const [params, setParams] = useSearchParams();
  const { pageMax } = useSettings();
  const page = pageFromParams(params, DEFAULT_PAGE_SIZE, pageMax);
  const search = params.get('q') ?? '';
  const roleParam = params.get('role');
  const role = roles.includes(roleParam as Role) ? (roleParam as Role) : null;
  const statusParam = params.get('status');
  const status: UserStatus | null = statusParam === 'ACTIVE' || statusParam === 'DISABLED' ? statusParam : null;
  const editing = params.get('edit');
  const [searchText, setSearchText] = useState(search);
  const { data, previousData, loading, error, refetch } = useQuery(UsersPageQuery, {
    variables: { search: search || null, role, status, page },
    fetchPolicy: 'cache-and-network',
  });
  const view = data ?? previousData;
  const editor = useQuery(UserEditorQuery, { variables: { id: editing ?? '' }, skip: !editing || editing === 'new', fetchPolicy: 'network-only' });
  const [createUser, createState] = useCreateUser();
  const [updateUser, updateState] = useUpdateUser();
  const [disableUser, disableState] = useDisableUser();
  const [enableUser, enableState] = useEnableUser();
  const [resetPassword, resetState] = useResetUserPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [link, setLink] = useState<Link | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [resetMode, setResetMode] = useState<'link' | 'password'>('link');
  const [resetPasswordText, setResetPasswordText] = useState('');
  const busy = disableState.loading || enableState.loading || resetState.loading;
  const meId = view?.me?.id ?? null;

  const update = useCallback(
    (changes: Record<string, string | null>, keepPage = false) => {
      setParams(
        (current) => withSearchParams(current, keepPage ? changes : { ...changes, offset: null }),
        { replace: true },
      );
    },
    [setParams],
  );

  // The search box writes the URL after a pause in typing, so every keystroke is not a request.
  useEffect(() => {
    if (searchText.trim() === search) return;
    const timer = setTimeout(() => update({ q: searchText.trim() || null }), 300);
    return () => clearTimeout(timer);
  }, [searchText, search, update]);

  // Closing the new-user form (Cancel, Escape, or created) puts focus back on "New user".
  const newUserButton = useRef<HTMLButtonElement>(null);
  const lastEditing = useRef(editing);
  useEffect(() => {
    if (lastEditing.current === 'new' && editing === null) newUserButton.current?.focus();
    lastEditing.current = editing;
  }, [editing]);

  function openEditor(value: string | null) {
    setFormError(null);
    update({ edit: value }, true);
  }

  async function create(input: CreateUserInput) {
    setFormError(null);
    try {
      const result = await createUser({ variables: { input } });
      const created = result.data?.createUser;
      openEditor(null);
      if (created?.setPasswordLink) setLink({ userName: created.user.name, link: created.setPasswordLink });
      setMessage({ tone: 'success', text: created?.setPasswordLink ? `${created.user.name} was created. Pass on the link below.` : `${created?.user.name} was created and can sign in.` });
    } catch (caught) {
      setFormError(errorText(caught));
    }
  }

  async function save(id: string, version: number, input: UpdateUserInput) {
    setFormError(null);
    try {
      const result = await updateUser({ variables: { id, version, input } });
      openEditor(null);
      setMessage({ tone: 'success', text: `${result.data?.updateUser ? 'Changes saved' : 'Saved'}. They apply from the user’s next request.` });
    } catch (caught) {
      setFormError(errorText(caught));
      void editor.refetch();
    }
  }

  async function confirmDialog() {
    const current = dialog;
    setDialog(null);
    if (!current) return;
    setMessage(null);
    try {
      if (current.kind === 'disable') {
        await disableUser({ variables: { id: current.user.id, version: current.user.version } });
        setMessage({ tone: 'success', text: `${current.user.name} is disabled and was signed out everywhere.` });
      } else {
        const result = await resetPassword({
          variables: { id: current.user.id, version: current.user.version, password: resetMode === 'password' ? resetPasswordText : null },
        });
        const newLink = result.data?.resetUserPassword.setPasswordLink;
        if (newLink) setLink({ userName: current.user.name, link: newLink });
        setMessage({ tone: 'success', text: newLink ? `${current.user.name}’s password was cleared. Pass on the new link below.` : `${current.user.name}’s password was changed; their other sessions ended.` });
      }
    } catch (caught) {
      setMessage({ tone: 'error', text: errorText(caught) });
      void refetch();
    } finally {
      setResetPasswordText('');
    }
  }

  async function enable(user: UserRow) {
    setMessage(null);
    try {
      await enableUser({ variables: { id: user.id, version: user.version } });
      setMessage({ tone: 'success', text: `${user.name} can sign in again.` });
    } catch (caught) {
      setMessage({ tone: 'error', text: errorText(caught) });
      void refetch();
    }
  }

  function onResetPassword(user: UserRow) {
    setResetMode('link');
    setResetPasswordText('');
    setDialog({ kind: 'reset', user });
  }

  const totalCount = view?.users.totalCount ?? 0;
  const editorUser = editing && editing !== 'new' ? editor.data?.user ?? null : null;
  const resetInvalid = dialog?.kind === 'reset' && resetMode === 'password' && [...resetPasswordText].length < MIN_PASSWORD_LENGTH;

  return (
    <main className="page" data-testid="admin-users-page">
      <PageHeader title="Users" description="Who may sign in, their role, and the part of the spend a category manager or viewer sees. Every change is in the audit log." />

      {message && (
        <div className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="user-message">
          <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
          <span>{message.text}</span>
        </div>
      )}
      {link && <PasswordLinkPanel link={link.link} userName={link.userName} onDismiss={() => setLink(null)} />}

      <section className="card admin-card" aria-labelledby={`${ids}-users`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-users`}>
              People
            </h2>
            <p className="card__subtitle">{view ? `${formatCount(totalCount)} ${totalCount === 1 ? 'user' : 'users'}, by name` : 'By name'}</p>
          </div>
          <Button ref={newUserButton} variant="primary" onClick={() => openEditor('new')} disabled={editing === 'new'} data-testid="new-user">
            New user
          </Button>
        </div>

        <div className={styles.filters} role="search" aria-label="User search">
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-search`}>
              Search
            </label>
            <input
              id={`${ids}-search`}
              className="input"
              type="search"
              placeholder="Name or email"
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') update({ q: searchText.trim() || null });
              }}
              maxLength={200}
              data-testid="users-search"
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-role`}>
              Role
            </label>
            <select id={`${ids}-role`} className="input input--select" value={role ?? ''} onChange={(event) => update({ role: event.target.value || null })} data-testid="users-role-filter">
              <option value="">All roles</option>
              {roles.map((r) => (
                <option key={r} value={r}>
                  {roleLabels[r]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor={`${ids}-status`}>
              Status
            </label>
            <select id={`${ids}-status`} className="input input--select" value={status ?? ''} onChange={(event) => update({ status: event.target.value || null })} data-testid="users-status-filter">
              <option value="">Active and disabled</option>
              <option value="ACTIVE">Active</option>
              <option value="DISABLED">Disabled</option>
            </select>
          </div>
        </div>

        {editing === 'new' && (
          <UserForm key="new" user={null} isSelf={false} saving={createState.loading} error={formError} onCreate={(input) => void create(input)} onUpdate={() => undefined} onCancel={() => openEditor(null)} />
        )}
        {editing && editing !== 'new' && (
          editorUser ? (
            <UserForm
              key={`${editorUser.id}-${editorUser.version}`}
              user={editorUser}
              isSelf={editorUser.id === meId}
              saving={updateState.loading}
              error={formError}
              onCreate={() => undefined}
              onUpdate={(id, version, input) => void save(id, version, input)}
              onCancel={() => openEditor(null)}
            />
          ) : editor.error ? (
            <ErrorState error={editor.error} title="This user could not be loaded" onRetry={() => void editor.refetch()} />
          ) : (
            <SkeletonRows count={3} />
          )
        )}

        {error && !view ? (
          <ErrorState error={error} title="The users could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={5} />
        ) : (
          <div aria-busy={loading}>
            <UsersTable
              users={view.users.nodes}
              meId={meId}
              editingId={editing}
              busy={busy}
              onEdit={(user) => openEditor(user.id)}
              onDisable={(user) => setDialog({ kind: 'disable', user })}
              onEnable={(user) => void enable(user)}
              onResetPassword={onResetPassword}
            />
            <Pager
              offset={page.offset}
              limit={page.limit}
              totalCount={totalCount}
              maxLimit={pageMax}
              onChange={(next) => update(pageToParams(next, DEFAULT_PAGE_SIZE), true)}
              label="User pages"
              testId="users-pager"
            />
          </div>
        )}
      </section>

      <ConfirmDialog
        open={dialog !== null}
        title={dialog?.kind === 'disable' ? `Disable ${dialog.user.name}?` : dialog ? `Reset the password of ${dialog.user.name}?` : ''}
        confirmLabel={dialog?.kind === 'disable' ? 'Disable' : 'Reset password'}
        tone={dialog?.kind === 'disable' ? 'danger' : 'primary'}
        confirmDisabled={resetInvalid}
        onConfirm={() => void confirmDialog()}
        onCancel={() => setDialog(null)}
      >
        {dialog?.kind === 'disable' ? (
          <p>They are signed out everywhere at once and cannot sign in until an admin enables them again. Links they have not used stop working.</p>
        ) : (
          <div className={styles.reset}>
            <p>Their sessions end and links they have not used stop working.</p>
            <label className="check-row check-row--inline">
              <input type="radio" name={`${ids}-reset`} checked={resetMode === 'link'} onChange={() => setResetMode('link')} data-testid="reset-link" />
              <span className="check-row__label">Clear the password and make a one-time link for them</span>
            </label>
            <label className="check-row check-row--inline">
              <input type="radio" name={`${ids}-reset`} checked={resetMode === 'password'} onChange={() => setResetMode('password')} data-testid="reset-set" />
              <span className="check-row__label">Set a new password now</span>
            </label>
            {resetMode === 'password' && (
              <div className="field">
                <label className="field__label" htmlFor={`${ids}-reset-password`}>
                  New password
                </label>
                <input id={`${ids}-reset-password`} className="input" type="password" autoComplete="new-password" value={resetPasswordText} onChange={(event) => setResetPasswordText(event.target.value)} data-testid="reset-password" />
                <Hint>At least {MIN_PASSWORD_LENGTH} characters.</Hint>
              </div>
            )}
          </div>
        )}
      </ConfirmDialog>
    </main>
  );
}
