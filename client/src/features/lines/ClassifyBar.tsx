import { useId, useState } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Icon } from '../../components/Icon';
import { formatCount } from '../../format/numbers';
import { useCategoryChoices, useClassifySelectedLines } from './classifyLines';
import { Button } from '../../components/Button';
import styles from './ClassifyBar.module.css';

const UNCLASSIFIED = '__unclassified__';

interface ClassifyBarProps {
  selectedIds: readonly string[];
  onClear(): void;
  /** Called before the mutation (the page holds its rows still while the cache is refreshed). */
  onStart(): void;
  /** Called after the mutation, successful or not; the page refetches the lines. */
  onFinish(succeeded: boolean): Promise<void>;
}

/**
 * The bar above the lines for people who may classify: "N selected · Classify as [category] ·
 * Apply · Clear", and the outcome once applied. It always takes the same height, so the table
 * below never jumps when lines are ticked.
 */
export function ClassifyBar({ selectedIds, onClear, onStart, onFinish }: ClassifyBarProps) {
  const ids = useId();
  const [categoryId, setCategoryId] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const { groups, loading: loadingCategories } = useCategoryChoices(false);
  const [classifyLines, { loading }] = useClassifySelectedLines();
  const count = selectedIds.length;

  async function apply() {
    if (!count || !categoryId) return;
    const chosen = groups.flatMap((group) => group.options).find((option) => option.id === categoryId);
    const label = categoryId === UNCLASSIFIED ? 'Unclassified' : (chosen?.name ?? 'the chosen category');
    setMessage(null);
    onStart();
    let succeeded = false;
    try {
      const result = await classifyLines({ variables: { lineIds: [...selectedIds], categoryId: categoryId === UNCLASSIFIED ? null : categoryId } });
      const changed = result.data?.classifyLines ?? 0;
      succeeded = true;
      setMessage({ tone: 'success', text: `${formatCount(changed)} ${changed === 1 ? 'line' : 'lines'} classified as ${label} — rules will not change them` });
    } catch (error) {
      setMessage({ tone: 'error', text: describeApiError(error).message });
    } finally {
      await onFinish(succeeded);
    }
  }

  return (
    <div className="classify-bar" data-testid="classify-bar" aria-label="Classify selected lines" role="region">
      {count > 0 ? (
        <form
          className={styles.form}
          onSubmit={(event) => {
            event.preventDefault();
            void apply();
          }}
        >
          <strong className={styles.count} data-testid="classify-selected-count">
            {formatCount(count)} selected
          </strong>
          <span className={styles.sep} aria-hidden="true">
            ·
          </span>
          <label className={styles.label} htmlFor={`${ids}-category`}>
            Classify as
          </label>
          <select
            id={`${ids}-category`}
            className={`input input--select ${styles.select}`}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            disabled={loading}
            data-testid="classify-category"
          >
            <option value="" disabled>
              {loadingCategories ? 'Loading categories…' : 'Choose a category…'}
            </option>
            <option value={UNCLASSIFIED}>Unclassified</option>
            {groups.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {group.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name} ({option.code})
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <Button busy={loading} busyLabel="Applying…" type="submit" variant="primary" size="small" disabled={!categoryId} data-testid="classify-apply">
            Apply
          </Button>
          <Button variant="ghost" size="small" onClick={onClear} disabled={loading} data-testid="classify-clear">
            Clear
          </Button>
          {message?.tone === 'error' && (
            <span className={`classify-bar__message ${styles.messageError}`} role="alert" data-testid="classify-result">
              <Icon name="alert" size={16} />
              <span>{message.text}</span>
            </span>
          )}
        </form>
      ) : message ? (
        <span
          className={`classify-bar__message classify-bar__message--${message.tone}`}
          role={message.tone === 'error' ? 'alert' : 'status'}
          data-testid="classify-result"
        >
          <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
          <span>{message.text}</span>
        </span>
      ) : (
        <span className={styles.hint} role="status">
          Tick lines to classify them by hand.
        </span>
      )}
    </div>
  );
}
