import { Button } from './Button';
import { Hint } from './Hint';
import { Icon } from './Icon';

interface FormActionsProps {
  /** What went wrong on the last save, shown as an alert above the buttons. */
  error: string | null;
  errorTestId: string;
  saving: boolean;
  /** "Save changes", "Add rule", …: the submit button's label. */
  saveLabel: string;
  saveTestId: string;
  /** Saving waits until the form's problems are solved. */
  blocked: boolean;
  /** The first of them, shown beside the buttons (null when it is shown elsewhere, by its field). */
  hint: string | null;
  onCancel(): void;
}

/**
 * The end of an editing form (`admin-form__actions`): the last save's error, the submit button
 * (busy while saving, disabled while the form has problems), Cancel, and the first problem.
 */
export function FormActions({ error, errorTestId, saving, saveLabel, saveTestId, blocked, hint, onCancel }: FormActionsProps) {
  return (
    <>
      {error && (
        <div className="alert alert--error" role="alert" data-testid={errorTestId}>
          <Icon name="alert" size={16} />
          <span>{error}</span>
        </div>
      )}
      <div className="admin-form__actions">
        <Button busy={saving} busyLabel="Saving…" type="submit" variant="primary" disabled={blocked} data-testid={saveTestId}>
          {saveLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        {hint && <Hint>{hint}</Hint>}
      </div>
    </>
  );
}
