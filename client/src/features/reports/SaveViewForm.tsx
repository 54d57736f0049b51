import { useMutation } from '@apollo/client/react';
import { useRef, useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { graphql } from '../../gql';
import { Button, type ButtonProps } from '../../components/Button';
import { describeDates, relativePeriodLabels, type RelativePeriod } from './savedViewPeriod';

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

type PeriodChoice = 'ABSOLUTE' | RelativePeriod;

/**
 * Name, period and shared checkbox; saves the current pivot as a PIVOT view. The period is "these
 * dates" as they are, or a relative period the view resolves whenever it is opened or exported
 * (docs/domain.md, "Saved views"). Without dates in the URL the explorer shows the last 12 months,
 * so that is the choice offered first then. The overview saves its filter the same way, as a
 * DASHBOARD_FILTER view with the filter as the URL holds it (no period choice: a filter without
 * dates follows the data by itself).
 */
export function SaveViewForm({
  kind = 'PIVOT',
  definition,
  period,
  followsData,
  onClose,
}: {
  kind?: 'PIVOT' | 'DASHBOARD_FILTER';
  definition: (relative: RelativePeriod | null) => string;
  period: { from: string; to: string } | null;
  followsData: boolean;
  onClose(): void;
}) {
  const [name, setName] = useState('');
  const [choice, setChoice] = useState<PeriodChoice>(followsData && kind === 'PIVOT' ? 'LAST_12_MONTHS' : 'ABSOLUTE');
  const [shared, setShared] = useState(false);
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [createSavedView, { loading }] = useMutation(CreateSavedViewMutation, { refetchQueries: ['SavedViews'] });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    try {
      await createSavedView({ variables: { input: { name: trimmed, kind, definition: definition(choice === 'ABSOLUTE' ? null : choice), shared } } });
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
    <form
      className="popover save-view"
      onSubmit={(event) => void onSubmit(event)}
      // Escape closes it, like the filter bar's pop-overs; the page puts focus back on "Save view".
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
      aria-label="Save view"
      data-testid="save-view-form"
    >
      <label className="explorer-panel__field">
        <span>Name</span>
        <input className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} autoFocus required data-testid="save-view-name" />
      </label>
      {kind === 'PIVOT' && (
        <fieldset className="save-view__period" data-testid="save-view-period">
          <legend className="explorer-panel__legend">Period</legend>
          {(['ABSOLUTE', 'LAST_12_MONTHS', 'YEAR_TO_DATE', 'PREVIOUS_CALENDAR_YEAR'] as const).map((value) => (
            <label key={value} className="check-row">
              <input type="radio" name="save-view-period" value={value} checked={choice === value} onChange={() => setChoice(value)} />
              <span className="check-row__label">
                {value === 'ABSOLUTE' ? `These dates (${period ? describeDates(period.from, period.to) : 'as shown'})` : `${relativePeriodLabels[value]}, moving with the data`}
              </span>
            </label>
          ))}
        </fieldset>
      )}
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

type SaveViewFormProps = Parameters<typeof SaveViewForm>[0];

/**
 * "Save view" and the form it opens under itself, for the explorer and the overview alike; closing
 * the form puts focus back on the button.
 */
export function SaveViewButton({
  className,
  variant,
  disabled,
  ...form
}: Omit<SaveViewFormProps, 'onClose'> & { className?: string; variant?: ButtonProps['variant']; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <div className={`save-view-anchor${className ? ` ${className}` : ''}`}>
      <Button ref={button} variant={variant} size="small" onClick={() => setOpen((was) => !was)} aria-expanded={open} data-testid="save-view" disabled={disabled}>
        Save view
      </Button>
      {open && (
        <SaveViewForm
          {...form}
          onClose={() => {
            setOpen(false);
            button.current?.focus();
          }}
        />
      )}
    </div>
  );
}
