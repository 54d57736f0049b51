import { useMutation } from '@apollo/client/react';
import { useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { graphql } from '../../gql';
import { Button } from '../../components/Button';

const CreateSavedViewMutation = graphql(`
  mutation CreateSavedView($input: CreateSavedViewInput!) {
    createSavedView(input: $input) {
      id
      name
      shared
      version
    }
  }
`);

/** Name + shared checkbox; saves the current pivot as a PIVOT view. */
export function SaveViewForm({ definition, onClose }: { definition: () => string; onClose(): void }) {
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [createSavedView, { loading }] = useMutation(CreateSavedViewMutation, { refetchQueries: ['SavedViews'] });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      await createSavedView({ variables: { input: { name: trimmed, kind: 'PIVOT', definition: definition(), shared } } });
      setMessage({ tone: 'success', text: `Saved “${trimmed}”. Find it under Reports.` });
    } catch (error) {
      const info = describeApiError(error);
      setMessage({
        tone: 'error',
        text: info.code === 'CONFLICT' ? `You already have a view called “${trimmed}”. Choose another name.` : info.message,
      });
    }
  }

  return (
    <form className="popover save-view" onSubmit={(event) => void onSubmit(event)} aria-label="Save view" data-testid="save-view-form">
      <label className="explorer-panel__field">
        <span>Name</span>
        <input className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus required data-testid="save-view-name" />
      </label>
      <label className="check-row">
        <input type="checkbox" checked={shared} onChange={(event) => setShared(event.target.checked)} />
        <span className="check-row__label">Share with everyone</span>
      </label>
      {message && (
        <p className={`save-view__message save-view__message--${message.tone}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="save-view-message">
          {message.text}
        </p>
      )}
      <div className="popover__footer">
        <Button variant="ghost" size="small" onClick={onClose}>
          Close
        </Button>
        <Button type="submit" size="small" disabled={loading || !name.trim()} data-testid="save-view-submit">
          Save
        </Button>
      </div>
    </form>
  );
}
