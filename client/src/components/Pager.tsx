import { useId } from 'react';
import { formatCount } from '../format/numbers';
import { pagerState, pageSizeOptions } from './pager';
import { Button } from './Button';
import styles from './Pager.module.css';

interface PagerProps {
  offset: number;
  limit: number;
  totalCount: number;
  /** Largest page size the server accepts (`Settings.pageMax`). */
  maxLimit: number;
  onChange(page: { offset: number; limit: number }): void;
  /** Names the navigation landmark, e.g. "Import history pages". */
  label: string;
  testId?: string;
}

/**
 * The one pager of the console, for any list paged on the server with `PageInput` and
 * `totalCount`: "26–50 of 1,234", first/previous/next/last, and the page size.
 */
export function Pager(props: PagerProps) {
  const { offset, limit, totalCount } = props;
  const state = pagerState({ offset, limit, totalCount });
  const sizeId = useId();
  const go = (target: number | null) => {
    if (target !== null) props.onChange({ offset: target, limit });
  };
  const buttons = [
    { key: 'first', text: '«', label: 'First page', target: state.firstOffset },
    { key: 'previous', text: 'Previous', label: 'Previous page', target: state.previousOffset },
    { key: 'next', text: 'Next', label: 'Next page', target: state.nextOffset },
    { key: 'last', text: '»', label: 'Last page', target: state.lastOffset },
  ];
  return (
    <nav className={styles.pager} aria-label={props.label} data-testid={props.testId}>
      <span className={styles.range} aria-live="polite" data-testid={props.testId ? `${props.testId}-range` : undefined}>
        {formatCount(state.first)}–{formatCount(state.last)} of {formatCount(totalCount)}
      </span>
      <span className={styles.size}>
        <label htmlFor={sizeId}>Rows per page</label>
        <select
          id={sizeId}
          className="input"
          value={limit}
          onChange={(event) => props.onChange({ offset: 0, limit: Number(event.target.value) })}
          data-testid={props.testId ? `${props.testId}-size` : undefined}
        >
          {pageSizeOptions(limit, props.maxLimit).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
      {buttons.map((button) => (
        <Button
          key={button.key}
         
          size="small"
          disabled={button.target === null}
          onClick={() => go(button.target)}
          aria-label={button.label}
          title={button.label}
          data-testid={props.testId ? `${props.testId}-${button.key}` : undefined}
        >
          {button.text}
        </Button>
      ))}
    </nav>
  );
}
