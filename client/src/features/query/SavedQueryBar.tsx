import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { getFragmentData, graphql } from '../../gql';
import type { QueryDefinition } from './queryLink';
import styles from './QueryWorkbench.module.css';

export const SavedQueryFragment = graphql(`
  fragment SavedQuery_view on SavedView {
    id
    name
    kind
    definition
    shared
    ownerName
    editable
    version
  }
`);

const CreateSavedQueryMutation = graphql(`
  mutation CreateSavedQuery($input: CreateSavedViewInput!) {
    createSavedView(input: $input) {
      ...SavedQuery_view
    }
  }
`);

const UpdateSavedQueryMutation = graphql(`
  mutation UpdateSavedQuery($id: ID!, $version: Int!, $input: UpdateSavedViewInput!) {
    updateSavedView(id: $id, version: $version, input: $input) {
      ...SavedQuery_view
    }
  }
`);

const DeleteSavedQueryMutation = graphql(`
  mutation DeleteSavedQuery($id: ID!) {
    deleteSavedView(id: $id)
  }
`);

export interface SavedQuery {
  id: string;
  name: string;
  definition: string;
  shared: boolean;
  ownerName: string;
  editable: boolean;
  version: number;
}

type Mode = null | 'save' | 'rename' | 'duplicate';

/**
 * Save, rename, share, duplicate and delete the open query (a SavedView of kind QUERY). The
 * description travels inside the definition, beside the document and variables.
 */
export function SavedQueryBar({
  saved,
  current,
  onSaved,
  onDeleted,
}: {
  saved: SavedQuery | null;
  /** The editor's document and variables now, or an error about the variables. */
  current(): { definition: QueryDefinition } | { error: string };
  onSaved(view: SavedQuery): void;
  onDeleted(): void;
}) {
  const [mode, setMode] = useState<Mode>(null);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [shared, setShared] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [create, createState] = useMutation(CreateSavedQueryMutation, { refetchQueries: ['SavedViews'] });
  const [update, updateState] = useMutation(UpdateSavedQueryMutation, { refetchQueries: ['SavedViews'] });
  const [remove, removeState] = useMutation(DeleteSavedQueryMutation, { refetchQueries: ['SavedViews'] });
  const busy = createState.loading || updateState.loading || removeState.loading;
  const savedDescription = saved ? ((JSON.parse(saved.definition) as { description?: string }).description ?? '') : '';

  function open(next: Mode) {
    setMessage(null);
    setMode(next);
    setName(next === 'rename' ? (saved?.name ?? '') : next === 'duplicate' ? `${saved?.name ?? 'Query'} (copy)` : '');
    setDescription(next === 'save' ? '' : savedDescription);
    setShared(false);
  }

  function fail(error: unknown, trimmed: string) {
    const info = describeApiError(error);
    setMessage({ tone: 'error', text: info.code === 'CONFLICT' && !/changed/i.test(info.message) ? `You already have a query called “${trimmed}”. Choose another name.` : info.message });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    const now = current();
    if ('error' in now) {
      setMessage({ tone: 'error', text: now.error });
      return;
    }
    const definition = JSON.stringify({ ...now.definition, description: description.trim() || undefined });
    try {
      if (mode === 'rename' && saved) {
        const result = await update({ variables: { id: saved.id, version: saved.version, input: { name: trimmed, definition } } });
        if (result.data) onSaved(getFragmentData(SavedQueryFragment, result.data.updateSavedView));
        setMessage({ tone: 'success', text: `Renamed to “${trimmed}”.` });
      } else {
        const result = await create({ variables: { input: { name: trimmed, kind: 'QUERY', definition, shared } } });
        if (result.data) onSaved(getFragmentData(SavedQueryFragment, result.data.createSavedView));
        setMessage({ tone: 'success', text: `Saved “${trimmed}”. Find it under Reports.` });
      }
      setMode(null);
    } catch (error) {
      fail(error, trimmed);
    }
  }

  async function saveChanges() {
    if (!saved) return;
    const now = current();
    if ('error' in now) return setMessage({ tone: 'error', text: now.error });
    try {
      const result = await update({ variables: { id: saved.id, version: saved.version, input: { definition: JSON.stringify({ ...now.definition, description: savedDescription || undefined }) } } });
      if (result.data) onSaved(getFragmentData(SavedQueryFragment, result.data.updateSavedView));
      setMessage({ tone: 'success', text: `Saved changes to “${saved.name}”.` });
    } catch (error) {
      fail(error, saved.name);
    }
  }

  async function toggleShared() {
    if (!saved) return;
    try {
      const result = await update({ variables: { id: saved.id, version: saved.version, input: { shared: !saved.shared } } });
      if (result.data) onSaved(getFragmentData(SavedQueryFragment, result.data.updateSavedView));
      setMessage({ tone: 'success', text: saved.shared ? 'Only you can see this query now.' : 'Shared: everyone can open this query, each with their own scope.' });
    } catch (error) {
      fail(error, saved.name);
    }
  }

  async function deleteQuery() {
    if (!saved || !window.confirm(`Delete the saved query “${saved.name}”?`)) return;
    try {
      await remove({ variables: { id: saved.id } });
      onDeleted();
      setMessage({ tone: 'success', text: `Deleted “${saved.name}”. The editor keeps its text.` });
    } catch (error) {
      fail(error, saved.name);
    }
  }

  return (
    <div className={styles.savedBar}>
      {saved && (
        <span className={styles.savedName} data-testid="query-saved-name">
          {saved.name}
          <span className={styles.savedMeta}>
            {saved.shared ? ' · shared' : ' · private'}
            {!saved.editable ? ` · by ${saved.ownerName}` : ''}
          </span>
        </span>
      )}
      {saved?.editable && (
        <>
          <Button size="small" variant="ghost" onClick={() => void saveChanges()} disabled={busy} data-testid="query-save-changes">
            Save changes
          </Button>
          <Button size="small" variant="ghost" onClick={() => open('rename')} disabled={busy} data-testid="query-rename">
            Rename
          </Button>
          <Button size="small" variant="ghost" onClick={() => void toggleShared()} disabled={busy} aria-pressed={saved.shared} data-testid="query-share">
            {saved.shared ? 'Unshare' : 'Share'}
          </Button>
        </>
      )}
      {saved && (
        <Button size="small" variant="ghost" onClick={() => open('duplicate')} disabled={busy} data-testid="query-duplicate">
          Duplicate
        </Button>
      )}
      {saved?.editable && (
        <Button size="small" variant="ghost" onClick={() => void deleteQuery()} disabled={busy} data-testid="query-delete">
          Delete
        </Button>
      )}
      <Button size="small" onClick={() => open('save')} disabled={busy} data-testid="query-save">
        {saved ? 'Save as…' : 'Save…'}
      </Button>
      {mode && (
        <form className={`popover ${styles.saveForm}`} onSubmit={(event) => void submit(event)} aria-label={mode === 'rename' ? 'Rename query' : 'Save query'} data-testid="query-save-form">
          <label className={styles.formField}>
            <span>Name</span>
            <input className="input" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} autoFocus required data-testid="query-save-name" />
          </label>
          <label className={styles.formField}>
            <span>Description</span>
            <textarea className="input" value={description} maxLength={2000} rows={3} onChange={(e) => setDescription(e.target.value)} data-testid="query-save-description" />
          </label>
          {mode !== 'rename' && (
            <label className="check-row">
              <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} data-testid="query-save-shared" />
              <span className="check-row__label">Share with everyone</span>
            </label>
          )}
          <div className="popover__footer">
            <Button variant="ghost" size="small" onClick={() => setMode(null)}>
              Cancel
            </Button>
            <Button type="submit" size="small" disabled={busy || !name.trim()} data-testid="query-save-submit">
              {mode === 'rename' ? 'Rename' : 'Save'}
            </Button>
          </div>
        </form>
      )}
      {message && (
        <p className={message.tone === 'error' ? styles.messageError : styles.message} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="query-save-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
