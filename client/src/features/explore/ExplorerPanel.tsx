import { useEffect, useRef } from 'react';
import { ChoiceSelect } from '../../components/ChoiceSelect';
import type { SpendDimension, SpendFilter, SpendMeasure } from '../../gql/graphql';
import { MemberFilters } from './MemberFilters';
import { allDimensions, allMeasures, dimensionLabels, MAX_COLUMN_DIMENSIONS, measureLabels, type ExplorerState } from './explorerState';
import styles from './ExplorerPanel.module.css';

const MAX_DIMENSIONS = 4;

/** Ordered, nested row dimensions: add, remove and move with buttons (all native, so keyboard accessible). */
function RowDimensionList({ state, onChange }: { state: ExplorerState; onChange(next: Partial<ExplorerState>): void }) {
  const { rows, columns } = state;
  const available = allDimensions.filter((dim) => !rows.includes(dim) && !columns.includes(dim));
  // Four row dimensions, or three beside one or two column dimensions.
  const canAdd = rows.length < (columns.length ? MAX_DIMENSIONS - 1 : MAX_DIMENSIONS);
  const section = useRef<HTMLFieldSetElement>(null);
  // After a change to the list, the control that should have focus, when the one pressed is gone or
  // disabled: one effect, told by `remove` and `move` where to look once the rows have re-rendered.
  const refocus = useRef<((list: HTMLFieldSetElement) => HTMLElement | null | undefined) | null>(null);
  useEffect(() => {
    const find = refocus.current;
    refocus.current = null;
    if (find && section.current) find(section.current)?.focus();
  }, [rows]);

  function remove(dim: SpendDimension) {
    // The × that takes the removed one's place (or the last one), or the add picker when no × can be used.
    const index = rows.indexOf(dim);
    refocus.current = (list) => {
      const removeButtons = [...list.querySelectorAll<HTMLButtonElement>('button[data-remove-dimension]:not(:disabled)')];
      return removeButtons[Math.min(index, removeButtons.length - 1)] ?? list.querySelector<HTMLSelectElement>('#add-row-dimension');
    };
    onChange({ rows: rows.filter((d) => d !== dim) });
  }

  function move(index: number, by: number) {
    const next = [...rows];
    const [dim] = next.splice(index, 1);
    next.splice(index + by, 0, dim);
    // The arrow pressed, or the dimension's other arrow once it reaches the top or the bottom.
    const [pressed, other] = by < 0 ? ['up', 'down'] : ['down', 'up'];
    refocus.current = (list) => {
      const item = list.querySelector(`li[data-dimension="${dim}"]`);
      const same = item?.querySelector<HTMLButtonElement>(`button[data-move="${pressed}"]`);
      return same && !same.disabled ? same : item?.querySelector<HTMLButtonElement>(`button[data-move="${other}"]`);
    };
    onChange({ rows: next });
  }

  return (
    <fieldset ref={section} className="explorer-panel__section">
      <legend className="explorer-panel__legend">Rows</legend>
      <ol className={styles.dimensionList} data-testid="row-dimensions">
        {rows.map((dim, index) => (
          <li key={dim} className={styles.dimensionListItem} style={{ paddingLeft: 8 + index * 10 }} data-dimension={dim}>
            <span className={styles.dimensionListLabel}>{dimensionLabels[dim]}</span>
            <span className={styles.dimensionListActions}>
              <button type="button" className="icon-button" aria-label={`Move ${dimensionLabels[dim]} up`} disabled={index === 0} onClick={() => move(index, -1)}
                data-move="up">
                ↑
              </button>
              <button type="button" className="icon-button" aria-label={`Move ${dimensionLabels[dim]} down`} disabled={index === rows.length - 1} onClick={() => move(index, 1)}
                data-move="down">
                ↓
              </button>
              <button type="button" className="icon-button" aria-label={`Remove ${dimensionLabels[dim]}`} disabled={rows.length === 1} onClick={() => remove(dim)}
                data-remove-dimension>
                ×
              </button>
            </span>
          </li>
        ))}
      </ol>
      <label className="visually-hidden" htmlFor="add-row-dimension">
        Add a row dimension
      </label>
      <ChoiceSelect
        id="add-row-dimension"
        value=""
        disabled={!canAdd}
        onChoose={(dim) => dim && onChange({ rows: [...rows, dim as SpendDimension] })}
        applyLabel="Add"
        keyHint="Arrow keys browse the dimensions; Enter adds the one shown."
        testId="add-row-dimension"
      >
        <option value="">{canAdd ? '+ Add a row dimension' : columns.length ? `At most ${MAX_DIMENSIONS - 1} row dimensions beside columns` : `At most ${MAX_DIMENSIONS} dimensions`}</option>
        {available.map((dim) => (
          <option key={dim} value={dim}>
            {dimensionLabels[dim]}
          </option>
        ))}
      </ChoiceSelect>
    </fieldset>
  );
}

/** The outer column dimension, and under it an inner one (e.g. year, then quarter): a change of either forgets a sort by a column. */
function ColumnDimensionPicker({ state, onChange }: { state: ExplorerState; onChange(next: Partial<ExplorerState>): void }) {
  const [outer, inner] = state.columns;
  const outerOptions = allDimensions.filter((dim) => !state.rows.includes(dim) && dim !== inner);
  const innerOptions = allDimensions.filter((dim) => !state.rows.includes(dim) && dim !== outer);
  // A column beside four row dimensions would make five: the fourth row goes first.
  const full = !outer && state.rows.length >= MAX_DIMENSIONS;
  const choose = (columns: (SpendDimension | undefined)[]) =>
    onChange({ columns: columns.filter((dim): dim is SpendDimension => Boolean(dim)).slice(0, MAX_COLUMN_DIMENSIONS), sort: null });
  return (
    <fieldset className="explorer-panel__section">
      <legend className="explorer-panel__legend">Columns</legend>
      <label className="visually-hidden" htmlFor="column-dimension">
        Column dimension
      </label>
      <ChoiceSelect
        id="column-dimension"
        value={outer ?? ''}
        disabled={full}
        // No outer dimension, no inner one.
        onChoose={(dim) => choose(dim ? [dim as SpendDimension, inner] : [])}
        applyLabel="Apply"
        keyHint="Arrow keys browse the dimensions; Enter applies the one shown."
        testId="column-dimension"
      >
        <option value="">None (measures only)</option>
        {outerOptions.map((dim) => (
          <option key={dim} value={dim}>
            {dimensionLabels[dim]}
          </option>
        ))}
      </ChoiceSelect>
      {outer && (
        <>
          <label className="visually-hidden" htmlFor="inner-column-dimension">
            Inner column dimension
          </label>
          <ChoiceSelect
            id="inner-column-dimension"
            value={inner ?? ''}
            onChoose={(dim) => choose([outer, (dim || undefined) as SpendDimension | undefined])}
            applyLabel="Apply"
            keyHint="Arrow keys browse the dimensions; Enter applies the one shown."
            testId="inner-column-dimension"
          >
            <option value="">{`No inner column (${dimensionLabels[outer]} only)`}</option>
            {innerOptions.map((dim) => (
              <option key={dim} value={dim}>
                {`Then ${dimensionLabels[dim]}`}
              </option>
            ))}
          </ChoiceSelect>
        </>
      )}
    </fieldset>
  );
}

function MeasurePicker({ state, onChange }: { state: ExplorerState; onChange(next: Partial<ExplorerState>): void }) {
  function toggle(measure: SpendMeasure) {
    const selected = state.measures.includes(measure);
    if (selected && state.measures.length === 1) return;
    // Keep the order of the measure list, so columns do not jump around as measures come and go.
    const next = allMeasures.filter((m) => (m === measure ? !selected : state.measures.includes(m)));
    onChange({ measures: next, sort: state.sort && !next.includes(state.sort.measure) ? null : state.sort });
  }
  return (
    <fieldset className="explorer-panel__section" data-testid="measures">
      <legend className="explorer-panel__legend">Measures</legend>
      {allMeasures.map((measure) => (
        <label key={measure} className="check-row">
          <input type="checkbox" checked={state.measures.includes(measure)} onChange={() => toggle(measure)} />
          <span className="check-row__label">{measureLabels[measure]}</span>
        </label>
      ))}
    </fieldset>
  );
}

function DisplayOptions({ state, onChange }: { state: ExplorerState; onChange(next: Partial<ExplorerState>): void }) {
  return (
    <fieldset className="explorer-panel__section">
      <legend className="explorer-panel__legend">Display</legend>
      <label className="check-row">
        <input type="checkbox" checked={state.subtotals} onChange={(event) => onChange({ subtotals: event.target.checked })} data-testid="subtotals" />
        <span className="check-row__label">Subtotals</span>
      </label>
      <label className="explorer-panel__field">
        <span>Row order</span>
        <select
          className="input input--select"
          value={state.sort ? 'measure' : (state.labelSort ?? '')}
          onChange={(event) => {
            const value = event.target.value;
            if (value === 'asc' || value === 'desc') onChange({ labelSort: value, sort: null });
            else if (value === '') onChange({ labelSort: null, sort: null });
          }}
          data-testid="row-order"
        >
          <option value="">Time in order, others largest first</option>
          <option value="asc">By label, A to Z (time: oldest first)</option>
          <option value="desc">By label, Z to A (time: newest first)</option>
          {state.sort && <option value="measure">By {measureLabels[state.sort.measure]} (column header)</option>}
        </select>
      </label>
      <label className="explorer-panel__field">
        <span>Top N per level</span>
        <select
          className="input input--select"
          value={state.topN ?? ''}
          onChange={(event) => onChange({ topN: event.target.value ? Number(event.target.value) : null })}
          data-testid="top-n"
        >
          <option value="">All</option>
          {[5, 10, 20, 50].map((n) => (
            <option key={n} value={n}>
              Top {n}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}

/** The explorer's configuration: rows, column, filters on any dimension, measures and display options. */
export function ExplorerPanel({ id, state, filter, onChange }: { id?: string; state: ExplorerState; filter: SpendFilter | null; onChange(next: Partial<ExplorerState>): void }) {
  return (
    <aside id={id} className={`${styles.explorerPanel} card`} aria-label="Pivot configuration">
      <RowDimensionList state={state} onChange={onChange} />
      <ColumnDimensionPicker state={state} onChange={onChange} />
      <MemberFilters filters={state.filters} filter={filter} onChange={(filters) => onChange({ filters })} />
      <MeasurePicker state={state} onChange={onChange} />
      <DisplayOptions state={state} onChange={onChange} />
    </aside>
  );
}
