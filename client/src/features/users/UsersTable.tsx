import { useMemo } from 'react';
import { Button } from '../../components/Button';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { Tag } from '../../components/Tag';
import { formatDate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { UsersTable_UserFragment } from '../../gql/graphql';
import { roleLabels } from '../session/navigation';
import styles from './UsersTable.module.css';

export const UsersTableUserFragment = graphql(`
  fragment UsersTable_user on User {
    id
    email
    name
    role
    version
    disabledAt
    passwordSet
    updatedAt
    scope {
      categories {
        id
        name
      }
      businessUnits {
        id
        name
      }
    }
  }
`);

export type UserRow = UsersTable_UserFragment;

/** What a user sees: their scope's names for the scoped roles, everything for the others. */
export function scopeText(user: UserRow): string {
  if (user.role === 'CATEGORY_MANAGER') return user.scope.categories.map((c) => c.name).join(', ') || 'No categories';
  if (user.role === 'VIEWER') return user.scope.businessUnits.map((b) => b.name).join(', ') || 'No business units';
  return 'All spend';
}

function Status({ user }: { user: UserRow }) {
  if (user.disabledAt) return <Tag tone="danger">Disabled</Tag>;
  if (!user.passwordSet) return <Tag tone="warning">Awaiting password</Tag>;
  return <Tag tone="success">Active</Tag>;
}

interface UsersTableProps {
  users: readonly FragmentType<typeof UsersTableUserFragment>[];
  /** The signed-in admin: they cannot disable themselves. */
  meId: string | null;
  editingId: string | null;
  busy: boolean;
  onEdit(user: UserRow): void;
  onDisable(user: UserRow): void;
  onEnable(user: UserRow): void;
  onResetPassword(user: UserRow): void;
}

/** Users in the server's order (by name), one row each with its actions. */
export function UsersTable(props: UsersTableProps) {
  const users = props.users.map((user) => getFragmentData(UsersTableUserFragment, user));
  const { meId, busy, onEdit, onDisable, onEnable, onResetPassword } = props;
  const columns = useMemo<TableColumn<UserRow>[]>(
    () => [
      {
        id: 'name',
        header: 'User',
        meta: { rowHeader: true },
        cell: (user) => (
          <>
            <span className={styles.name}>{user.name}</span>
            {user.id === meId && <span className={cellTone.muted}> (you)</span>}
            <span className={`${cellTone.sub} ${styles.email}`}>{user.email}</span>
          </>
        ),
      },
      { id: 'role', header: 'Role', cell: (user) => roleLabels[user.role] },
      { id: 'scope', header: 'Sees', cell: (user) => <span className={styles.scope}>{scopeText(user)}</span> },
      // When the account last changed, under its status: a column of its own pushed the actions
      // past the frame on a 1280 px screen.
      {
        id: 'status',
        header: 'Status',
        cell: (user) => (
          <>
            <Status user={user} />
            <span className={`${cellTone.sub} ${cellTone.nowrap}`}>
              changed <time dateTime={user.updatedAt}>{formatDate(user.updatedAt.slice(0, 10))}</time>
            </span>
          </>
        ),
      },
      {
        id: 'actions',
        header: 'Actions',
        meta: { hideHeader: true, align: 'right' },
        cell: (user) => (
          <span className={styles.actions}>
            <Button size="small" onClick={() => onEdit(user)} disabled={busy} aria-label={`Edit ${user.name}`} data-testid="user-edit">
              Edit
            </Button>
            <Button size="small" onClick={() => onResetPassword(user)} disabled={busy} aria-label={`Reset password for ${user.name}`} data-testid="user-reset">
              Reset password
            </Button>
            {user.disabledAt ? (
              <Button size="small" onClick={() => onEnable(user)} disabled={busy} aria-label={`Enable ${user.name}`} data-testid="user-enable">
                Enable
              </Button>
            ) : (
              <Button
                size="small"
                onClick={() => onDisable(user)}
                disabled={busy || user.id === meId}
                title={user.id === meId ? 'You cannot disable your own account' : undefined}
                aria-label={`Disable ${user.name}`}
                data-testid="user-disable"
              >
                Disable
              </Button>
            )}
          </span>
        ),
      },
    ],
    [meId, busy, onEdit, onDisable, onEnable, onResetPassword],
  );
  return (
    <Table
      rows={users}
      columns={columns}
      getRowId={(user) => user.id}
      scroll={{ framed: true }}
      testId="users-table"
      label="Users"
      rowProps={(user) => ({
        'data-testid': 'user-row',
        'data-email': user.email,
        className: user.id === props.editingId ? 'admin-row--editing' : undefined,
      })}
      empty="No user matches the search."
    />
  );
}
