import { useQuery } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import { MultiSelect } from '../../components/MultiSelect';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { CreateUserInput, Role, UpdateUserInput } from '../../gql/graphql';
import { CategoryOptionsQuery, treeOrder } from '../admin/categoryOptions';
import { roleLabels } from '../session/navigation';
import { ScopeCoverage } from './ScopeCoverage';
import { BusinessUnitOptionsQuery } from './userMutations';
import styles from './UserForm.module.css';

export const UserFormUserFragment = graphql(`
  fragment UserForm_user on User {
    id
    email
    name
    role
    version
    scope {
      categories {
        id
      }
      businessUnits {
        id
      }
    }
  }
`);

const roles: readonly Role[] = ['ADMIN', 'FINANCE', 'CATEGORY_MANAGER', 'ANALYST', 'VIEWER'];
const roleHints: Record<Role, string> = {
  ADMIN: 'Everything, including users, the taxonomy and the audit log.',
  FINANCE: 'All spend; imports, FX rates and exports.',
  CATEGORY_MANAGER: 'Spend, suppliers and contracts in the chosen categories (and everything under them).',
  ANALYST: 'All spend for analysis; no changes.',
  VIEWER: 'Dashboards for the chosen business units (and their children).',
};
export const MIN_PASSWORD_LENGTH = 12;
// Plain on purpose, like the server's check: something@domain.tld.
const emailPattern = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

interface UserFormProps {
  /** The user being edited, or null for a new one. */
  user: FragmentType<typeof UserFormUserFragment> | null;
  /** Editing yourself: the role stays as it is. */
  isSelf: boolean;
  saving: boolean;
  error: string | null;
  onCreate(input: CreateUserInput): void;
  onUpdate(id: string, version: number, input: UpdateUserInput): void;
  onCancel(): void;
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Create or change a user: address, name, role, the scope the role needs (with what it covers), and for a new user how they get a password. */
export function UserForm({ user: userRef, isSelf, saving, error, onCreate, onUpdate, onCancel }: UserFormProps) {
  const user = userRef ? getFragmentData(UserFormUserFragment, userRef) : null;
  const ids = useId();
  const [email, setEmail] = useState(user?.email ?? '');
  const [name, setName] = useState(user?.name ?? '');
  const [role, setRole] = useState<Role>(user?.role ?? 'ANALYST');
  const [categoryIds, setCategoryIds] = useState<string[]>(user?.scope.categories.map((c) => c.id) ?? []);
  const [businessUnitIds, setBusinessUnitIds] = useState<string[]>(user?.scope.businessUnits.map((b) => b.id) ?? []);
  const [passwordMode, setPasswordMode] = useState<'link' | 'password'>('link');
  const [password, setPassword] = useState('');
  const categories = treeOrder(useQuery(CategoryOptionsQuery).data?.categories ?? []);
  const units = useQuery(BusinessUnitOptionsQuery).data?.businessUnits ?? [];

  const problems: { field: string; text: string }[] = [];
  if (!emailPattern.test(email.trim())) problems.push({ field: 'email', text: 'Enter a valid email address.' });
  if (!name.trim()) problems.push({ field: 'name', text: 'Enter the person’s name.' });
  if (role === 'CATEGORY_MANAGER' && !categoryIds.length) problems.push({ field: 'scope', text: 'Choose at least one category for a category manager.' });
  if (role === 'VIEWER' && !businessUnitIds.length) problems.push({ field: 'scope', text: 'Choose at least one business unit for a viewer.' });
  if (!user && passwordMode === 'password' && [...password].length < MIN_PASSWORD_LENGTH) {
    problems.push({ field: 'password', text: `A password must be at least ${MIN_PASSWORD_LENGTH} characters.` });
  }

  // A field's problem shows once the admin has left it having typed something, and every problem
  // once they try to save: not while they are still filling the form in (docs/accessibility.md, "Forms").
  const [left, setLeft] = useState<ReadonlySet<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  const leave = (field: string, value: string) => {
    if (value.trim() && !left.has(field)) setLeft(new Set([...left, field]));
  };
  const problemOf = (field: string) => (tried || left.has(field) ? problems.find((p) => p.field === field) : undefined);
  const invalid = (field: string) => {
    const problem = problemOf(field);
    return problem ? { 'aria-invalid': true as const, 'aria-describedby': `${ids}-${field}-error` } : {};
  };
  const fieldError = (field: string) => {
    const problem = problemOf(field);
    return problem ? (
      <Hint tone="error" id={`${ids}-${field}-error`} data-testid={`user-form-${field}-error`}>
        {problem.text}
      </Hint>
    ) : null;
  };

  /** The email or name field: its label, the control, and its problem under it. A new user starts at the first field; an edited one where the admin clicked. */
  const textField = (
    field: 'email' | 'name', label: string, value: string, set: (value: string) => void,
    props: { type?: 'email'; maxLength: number; autoFocus?: boolean },
  ) => (
    <div className="field">
      <label className="field__label" htmlFor={`${ids}-${field}`}>
        {label}
      </label>
      <input
        id={`${ids}-${field}`}
        className="input"
        autoComplete="off"
        value={value}
        onChange={(event) => set(event.target.value)}
        onBlur={() => leave(field, value)}
        required
        {...props}
        {...invalid(field)}
        data-testid={`user-form-${field}`}
      />
      {fieldError(field)}
    </div>
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length) {
      setTried(true);
      // Focus goes to the first field to mend; a scope problem opens nothing by itself.
      const first = problems[0].field;
      if (first !== 'scope') document.getElementById(`${ids}-${first}`)?.focus();
      return;
    }
    const scope = {
      categoryIds: role === 'CATEGORY_MANAGER' ? categoryIds : [],
      businessUnitIds: role === 'VIEWER' ? businessUnitIds : [],
    };
    if (!user) {
      onCreate({ email: email.trim(), name: name.trim(), role, ...scope, ...(passwordMode === 'password' ? { password } : {}) });
      return;
    }
    // Only what changed: the server keeps the rest, and the audit log shows exactly this.
    const input: UpdateUserInput = {};
    if (email.trim().toLowerCase() !== user.email) input.email = email.trim();
    if (name.trim() !== user.name) input.name = name.trim();
    if (role !== user.role) input.role = role;
    if (!sameSet(scope.categoryIds, user.scope.categories.map((c) => c.id)) || role !== user.role) input.categoryIds = scope.categoryIds;
    if (!sameSet(scope.businessUnitIds, user.scope.businessUnits.map((b) => b.id)) || role !== user.role) input.businessUnitIds = scope.businessUnitIds;
    onUpdate(user.id, user.version, input);
  }

  return (
    <form
      className="admin-form"
      onSubmit={onSubmit}
      // Escape cancels, as the Cancel button does (an open scope picker closes first: it stops the key).
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onCancel();
        }
      }}
      aria-labelledby={`${ids}-title`}
      data-testid="user-form"
      noValidate
    >
      <h3 className={styles.title} id={`${ids}-title`}>
        {user ? `Edit ${user.name}` : 'New user'}
      </h3>
      <div className="admin-form__grid">
        {textField('email', 'Email', email, setEmail, { type: 'email', maxLength: 320, autoFocus: !user })}
        {textField('name', 'Name', name, setName, { maxLength: 200 })}
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-role`}>
            Role
          </label>
          <select
            id={`${ids}-role`}
            className="input input--select"
            value={role}
            onChange={(event) => setRole(event.target.value as Role)}
            disabled={isSelf}
            aria-describedby={`${ids}-role-hint`}
            data-testid="user-form-role"
          >
            {roles.map((r) => (
              <option key={r} value={r}>
                {roleLabels[r]}
              </option>
            ))}
          </select>
          <Hint id={`${ids}-role-hint`}>{isSelf ? 'You cannot change your own role; another admin can.' : roleHints[role]}</Hint>
        </div>
      </div>

      {(role === 'CATEGORY_MANAGER' || role === 'VIEWER') && (
        <fieldset className={problemOf('scope') ? `${styles.scope} ${styles.scopeInvalid}` : styles.scope}>
          <legend className="field__label">{role === 'CATEGORY_MANAGER' ? 'Categories they manage' : 'Business units they see'}</legend>
          {role === 'CATEGORY_MANAGER' ? (
            <MultiSelect
              label="Categories"
              allLabel="None chosen"
              testId="user-categories"
              align="start"
              options={categories.map((c) => ({ value: c.id, label: c.name, hint: c.code }))}
              selected={categoryIds}
              onChange={setCategoryIds}
            />
          ) : (
            <MultiSelect
              label="Business units"
              allLabel="None chosen"
              testId="user-business-units"
              align="start"
              options={units.map((b) => ({ value: b.id, label: b.name, hint: b.code }))}
              selected={businessUnitIds}
              onChange={setBusinessUnitIds}
            />
          )}
          {fieldError('scope')}
        </fieldset>
      )}
      <ScopeCoverage role={role} categoryIds={categoryIds} businessUnitIds={businessUnitIds} />

      {!user && (
        <fieldset className={styles.password}>
          <legend className="field__label">How they get a password</legend>
          <label className="check-row check-row--inline">
            <input type="radio" name={`${ids}-password-mode`} checked={passwordMode === 'link'} onChange={() => setPasswordMode('link')} data-testid="user-password-link" />
            <span className="check-row__label">A one-time link you pass on (they choose their own password)</span>
          </label>
          <label className="check-row check-row--inline">
            <input type="radio" name={`${ids}-password-mode`} checked={passwordMode === 'password'} onChange={() => setPasswordMode('password')} data-testid="user-password-set" />
            <span className="check-row__label">An initial password you set now</span>
          </label>
          {passwordMode === 'password' && (
            <div className={`field ${styles.passwordField}`}>
              <label className="field__label" htmlFor={`${ids}-password`}>
                Initial password
              </label>
              <input
                id={`${ids}-password`}
                className="input"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                onBlur={() => leave('password', password)}
                {...invalid('password')}
                aria-describedby={[problemOf('password') && `${ids}-password-error`, `${ids}-password-hint`].filter(Boolean).join(' ')}
                data-testid="user-form-password"
              />
              <Hint id={`${ids}-password-hint`}>At least {MIN_PASSWORD_LENGTH} characters.</Hint>
              {fieldError('password')}
            </div>
          )}
        </fieldset>
      )}

      <FormActions
        error={error}
        errorTestId="user-form-error"
        saving={saving}
        saveLabel={user ? 'Save changes' : 'Create user'}
        saveTestId="user-save"
        blocked={false}
        hint={null}
        onCancel={onCancel}
      />
    </form>
  );
}
