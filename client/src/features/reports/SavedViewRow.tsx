import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '../../apollo/errors';
import { formatDate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { ExportButtons } from '../exports/ExportButtons';
import { savedViewLink } from './savedViewLink';
import { Button } from '../../components/Button';
import styles from './SavedViewRow.module.css';

export const SavedViewRowViewFragment = graphql(`
  fragment SavedViewRow_view on SavedView {
    id
    name
    kind
    definition
    shared
    ownerName
    editable
    version
    updatedAt
  }
`);

const UpdateSavedViewMutation = graphql(`
  mutation UpdateSavedView($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {
    updateSavedView(id: $id, version: $version, input: $input) {
      ...SavedViewRow_view
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

/** One saved view: open, rename, share, delete (when editable) and export. */
export function SavedViewRow(props: { view: FragmentType<typeof SavedViewRowViewFragment>; canExport: boolean; canOpenPivots: boolean }) {
  const view = getFragmentData(SavedViewRowViewFragment, props.view);
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(view.name);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [updateSavedView, { loading: updating }] = useMutation(UpdateSavedViewMutation, { refetchQueries: ['SavedViews'] });
  const [deleteSavedView, { loading: deleting }] = useMutation(DeleteSavedViewMutation, { refetchQueries: ['SavedViews'] });
  const link = view.kind === 'PIVOT' && !props.canOpenPivots ? null : savedViewLink(view.kind, view.definition);

  async function update(input: { name?: string; shared?: boolean }) {
    setMessage(null);
    try {
      await updateSavedView({ variables: { id: view.id, version: view.version, input } });
      setRenaming(false);
    } catch (error) {
      setMessage(conflictText(error, input.name ?? view.name));
    }
  }

  async function onRename(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed && trimmed !== view.name) await update({ name: trimmed });
    else setRenaming(false);
  }

  async function onDelete() {
    try {
      await deleteSavedView({ variables: { id: view.id } });
    } catch (error) {
      setMessage(describeApiError(error).message);
      setConfirmingDelete(false);
    }
  }

  return (
    <tr data-testid={`saved-view-${view.id}`}>
      <td>
        {renaming ? (
          <form className={styles.root} onSubmit={(event) => void onRename(event)}>
            <label className="visually-hidden" htmlFor={`rename-${view.id}`}>
              New name
            </label>
            <input id={`rename-${view.id}`} className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus />
            <Button type="submit" size="small" disabled={updating}>
              Rename
            </Button>
            <Button variant="ghost" size="small" onClick={() => setRenaming(false)}>
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
      </td>
      <td>{kindLabels[view.kind]}</td>
      <td>{view.ownerName}</td>
      <td>
        {view.editable ? (
          <label className="check-row check-row--inline">
            <input type="checkbox" checked={view.shared} disabled={updating} onChange={(event) => void update({ shared: event.target.checked })} />
            <span className={view.shared ? 'badge sharing-badge sharing-badge--shared' : 'badge sharing-badge'}>{view.shared ? 'Shared' : 'Private'}</span>
          </label>
        ) : (
          <span className={view.shared ? 'badge sharing-badge sharing-badge--shared' : 'badge sharing-badge'}>{view.shared ? 'Shared' : 'Private'}</span>
        )}
      </td>
      <td className="numeric">{formatDate(view.updatedAt.slice(0, 10))}</td>
      <td>
        <div className="row-actions">
          {props.canExport && view.kind === 'PIVOT' && <ExportButtons path={`/api/exports/views/${encodeURIComponent(view.id)}`} compact />}
          {view.editable && !renaming && (
            <Button variant="ghost" size="small" onClick={() => setRenaming(true)}>
              Rename
            </Button>
          )}
          {view.editable &&
            (confirmingDelete ? (
              <>
                <Button variant="danger" size="small" onClick={() => void onDelete()} disabled={deleting}>
                  Confirm delete
                </Button>
                <Button variant="ghost" size="small" onClick={() => setConfirmingDelete(false)}>
                  Keep
                </Button>
              </>
            ) : (
              <Button variant="ghost" size="small" onClick={() => setConfirmingDelete(true)}>
                Delete
              </Button>
            ))}
        </div>
      </td>
    </tr>
  );
}
