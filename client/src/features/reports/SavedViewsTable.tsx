import { useMutation } from '@apollo/client/react';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { formatDate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { SavedViewsTable_ViewFragment } from '../../gql/graphql';
import { ExportButtons } from '../exports/ExportButtons';
import { savedViewLink } from './savedViewLink';
import { describeDates, describeViewPeriod, followsTheData } from './savedViewPeriod';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import styles from './SavedViewsTable.module.css';

export const SavedViewsTableViewFragment = graphql(`
  fragment SavedViewsTable_view on SavedView {
    id
    name
    kind
    definition
    shared
    ownerName
    editable
    version
    updatedAt
    period {
      relative
      dateFrom
      dateTo
    }
  }
`);

const UpdateSavedViewMutation = graphql(`
  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {
    updateSavedView(id: $id, version: $version, input: $input) {
      ...SavedViewsTable_view
    }
  }
`);

const DeleteSavedViewMutation = graphql(`
  mutation DeleteSavedView($id: ID!) {
    deleteSavedView(id: $id)
  }
`);

const kindLabels = { PIVOT: 'Pivot', QUERY: 'Query', DASHBOARD_FILTER: 'Overview filter' } as const;

function conflictText(error: unknown, name: string): string {
  const info = describeApiError(error);
  if (info.code !== 'CONFLICT') return info.message;
  return /version|changed|stale/i.test(info.message)
    ? 'Someone changed this view in the meantime. The list has been refreshed; try again.'
    : `You already have a view called “${name}”.`;
}

type SavedView = SavedViewsTable_ViewFragment;

/** What a row's cells share: which view is being renamed, and the last problem per view. */
interface RowState {
  renamingId: string | null;
  setRenamingId(id: string | null): void;
  messages: Readonly<Record<string, string>>;
  setMessage(id: string, message: string | null): void;
}

/** The id of a row's Rename or Delete button, so focus can come back to it. */
const actionId = (viewId: string, action: 'rename' | 'delete') => `saved-view-${action}-${viewId}`;

/** Focuses the element with this id once React has drawn it (a button that comes back when an inline form closes). */
function focusAfterRender(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}

function SharingBadge({ shared }: { shared: boolean }) {
  return <span className={shared ? 'badge sharing-badge sharing-badge--shared' : 'badge sharing-badge'}>{shared ? 'Shared' : 'Private'}</span>;
}

function useUpdateView(view: SavedView, state: RowState) {
  const [updateSavedView, { loading }] = useMutation(UpdateSavedViewMutation, { refetchQueries: ['SavedViews'] });
  async function update(input: { name?: string; shared?: boolean }) {
    state.setMessage(view.id, null);
    try {
      await updateSavedView({ variables: { id: view.id, version: view.version, input } });
      state.setRenamingId(null);
    } catch (error) {
      state.setMessage(view.id, conflictText(error, input.name ?? view.name));
    }
  }
  return { update, updating: loading };
}

function NameCell({ view, state, canOpenPivots }: { view: SavedView; state: RowState; canOpenPivots: boolean }) {
  const [name, setName] = useState(view.name);
  const { update, updating } = useUpdateView(view, state);
  // A pivot opens through its permalink, which resolves its period now (routes/reports/SavedViewPage.tsx).
  const link = view.kind === 'PIVOT' ? (canOpenPivots ? `/reports/${encodeURIComponent(view.id)}` : null) : savedViewLink(view.kind, view.definition, view.id);
  const message = state.messages[view.id];

  async function onRename(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed && trimmed !== view.name) await update({ name: trimmed });
    else state.setRenamingId(null);
  }

  /** Cancel (the button or Escape): the old name stays, and focus goes back to Rename. */
  function cancelRename() {
    setName(view.name);
    state.setRenamingId(null);
    focusAfterRender(actionId(view.id, 'rename'));
  }

  return (
    <>
      {state.renamingId === view.id ? (
        <form
          className={styles.rename}
          onSubmit={(event) => void onRename(event)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              cancelRename();
            }
          }}
        >
          <label className="visually-hidden" htmlFor={`rename-${view.id}`}>
            New name
          </label>
          <input id={`rename-${view.id}`} className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus />
          <Button type="submit" size="small" disabled={updating}>
            Rename
          </Button>
          <Button variant="ghost" size="small" onClick={cancelRename}>
            Cancel
          </Button>
        </form>
      ) : link ? (
        <Link to={link} className="table-link" data-testid="open-view">
          {view.name}
        </Link>
      ) : (
        <span>{view.name}</span>
      )}
      {message && (
        <p className="inline-error" role="alert">
          {message}
        </p>
      )}
    </>
  );
}

/** "Last 12 months" with the dates it stands for today, or the view's own dates. */
function PeriodCell({ view }: { view: SavedView }) {
  // An overview filter without dates opens on the overview's own period (docs/domain.md, "Saved views").
  const moving = followsTheData(view);
  if (!view.period && !moving) return <span className={styles.muted}>—</span>;
  const { relative, dateFrom, dateTo } = view.period ?? {};
  const under = moving ? 'moving with the data' : relative && (dateFrom || dateTo) ? describeDates(dateFrom, dateTo) : null;
  return (
    <span data-testid="saved-view-period">
      {describeViewPeriod(view)}
      {under && <span className={styles.dates}>{under}</span>}
    </span>
  );
}

function SharingCell({ view, state }: { view: SavedView; state: RowState }) {
  const { update } = useUpdateView(view, state);
  // The change while it saves: the box shows it at once, then the saved value (or, after a refusal, the old one).
  const [pending, setPending] = useState<boolean | null>(null);
  if (!view.editable) return <SharingBadge shared={view.shared} />;
  async function change(shared: boolean) {
    if (pending !== null) return; // not disabled while it saves, since a disabled box loses keyboard focus
    setPending(shared);
    await update({ shared });
    setPending(null);
  }
  return (
    <label className="check-row check-row--inline">
      <input type="checkbox" checked={pending ?? view.shared} aria-disabled={pending !== null} onChange={(event) => void change(event.target.checked)} />
      <SharingBadge shared={view.shared} />
    </label>
  );
}

function ActionsCell({ view, state, canExport }: { view: SavedView; state: RowState; canExport: boolean }) {
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleteSavedView, { loading: deleting }] = useMutation(DeleteSavedViewMutation, { refetchQueries: ['SavedViews'] });

  function keep() {
    setConfirmingDelete(false);
    focusAfterRender(actionId(view.id, 'delete'));
  }

  async function onDelete() {
    try {
      await deleteSavedView({ variables: { id: view.id } });
    } catch (error) {
      state.setMessage(view.id, describeApiError(error).message);
      setConfirmingDelete(false);
    }
  }

  return (
    <div className="row-actions">
      {canExport && view.kind === 'PIVOT' && <ExportButtons path={`/api/exports/views/${encodeURIComponent(view.id)}`} compact layouts />}
      {/* A saved query exports its result as the workbench does, run with the exporting user's scope. */}
      {canExport && view.kind === 'QUERY' && <ExportButtons path={`/api/exports/query?id=${encodeURIComponent(view.id)}`} compact />}
      {/* Sent by email on a schedule, each recipient with their own scope (docs/domain.md, "Report subscriptions"). */}
      {canExport && (view.kind === 'PIVOT' || view.kind === 'QUERY') && (
        <Link className={buttonClassName({ variant: 'ghost', size: 'small' })} to={`/reports/${encodeURIComponent(view.id)}/delivery`} aria-label={`Delivery of ${view.name}`} data-testid="saved-view-delivery">
          Delivery
        </Link>
      )}
      {view.editable && state.renamingId !== view.id && (
        <Button variant="ghost" size="small" id={actionId(view.id, 'rename')} onClick={() => state.setRenamingId(view.id)}>
          Rename
        </Button>
      )}
      {view.editable &&
        (confirmingDelete ? (
          // Asked in place: focus starts on Keep, as in the console's dialogs; Escape keeps the view.
          <span
            className="row-actions"
            role="group"
            aria-label={`Delete ${view.name}?`}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                keep();
              }
            }}
          >
            <Button variant="danger" size="small" onClick={() => void onDelete()} disabled={deleting}>
              Confirm delete
            </Button>
            <Button variant="ghost" size="small" onClick={keep} autoFocus>
              Keep
            </Button>
          </span>
        ) : (
          <Button variant="ghost" size="small" id={actionId(view.id, 'delete')} onClick={() => setConfirmingDelete(true)}>
            Delete
          </Button>
        ))}
    </div>
  );
}

/** Saved views: open, rename, share, delete (when editable) and export. */
export function SavedViewsTable(props: { views: readonly FragmentType<typeof SavedViewsTableViewFragment>[]; canExport: boolean; canOpenPivots: boolean }) {
  const views = getFragmentData(SavedViewsTableViewFragment, props.views);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [messages, setMessages] = useState<Record<string, string>>({});
  const state: RowState = useMemo(
    () => ({
      renamingId,
      setRenamingId,
      messages,
      setMessage: (id, message) =>
        setMessages((current) => {
          const next = { ...current };
          if (message === null) delete next[id];
          else next[id] = message;
          return next;
        }),
    }),
    [renamingId, messages],
  );
  const { canExport, canOpenPivots } = props;
  const columns = useMemo<TableColumn<SavedView>[]>(
    () => [
      { id: 'name', header: 'Name', value: (view) => view.name, meta: { sortable: true }, cell: (view) => <NameCell view={view} state={state} canOpenPivots={canOpenPivots} /> },
      // On a phone: the name, its sharing and its actions (the rest is on the view when opened).
      { id: 'kind', header: 'Kind', value: (view) => kindLabels[view.kind], meta: { sortable: true, className: cellTone.wideOnly } },
      { id: 'period', header: 'Period', value: (view) => describeViewPeriod(view), cell: (view) => <PeriodCell view={view} />, meta: { className: cellTone.wideOnly } },
      { id: 'owner', header: 'Owner', value: (view) => view.ownerName, meta: { sortable: true, className: cellTone.wideOnly } },
      { id: 'sharing', header: 'Sharing', cell: (view) => <SharingCell view={view} state={state} /> },
      {
        id: 'updated',
        header: 'Updated',
        value: (view) => view.updatedAt,
        meta: { numeric: true, sortable: true, sortDescFirst: true, format: (value) => formatDate(String(value).slice(0, 10)), className: cellTone.wideOnly },
      },
      { id: 'actions', header: 'Actions', meta: { hideHeader: true }, cell: (view) => <ActionsCell view={view} state={state} canExport={canExport} /> },
    ],
    [state, canExport, canOpenPivots],
  );
  return (
    <Table
      rows={views}
      columns={columns}
      getRowId={(view) => view.id}
      testId="saved-views"
      label="Saved views"
      rowProps={(view) => ({ 'data-testid': `saved-view-${view.id}` })}
    />
  );
}
