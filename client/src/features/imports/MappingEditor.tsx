import { useId, useState } from 'react';
import { Icon } from '../../components/Icon';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { ImportDateFormat, ImportField, ImportMappingInput, MappingEditor_BatchFragment } from '../../gql/graphql';
import { importDateFormatLabels, importDateFormats, importFieldLabels, importFields, requiredImportFields } from './importLabels';
import { Button } from '../../components/Button';
import { Hint } from '../../components/Hint';
import { Table, cellTone } from '../../components/Table';
import type { TableColumn } from '../../components/tableColumns';
import { Tag } from '../../components/Tag';
import styles from './MappingEditor.module.css';

const MappingEditorBatchFragment = graphql(`
  fragment MappingEditor_batch on ImportBatch {
    id
    status
    columns {
      index
      header
      field
      confidence
    }
    dateFormat
    defaultCurrency
    currencyBasis
  }
`);

/** Offered in the currency select; a detected or saved code outside the list is added to it. */
const CURRENCIES = ['GBP', 'EUR', 'USD', 'CAD', 'AUD', 'NZD', 'CHF', 'JPY', 'MXN', 'NGN', 'COP', 'PYG', 'MDL', 'UAH', 'UGX', 'TWD'];

/** How the server decided the currency (docs/imports.md), said next to it so it is never a silent guess. */
const CURRENCY_BASIS_LABELS: Record<string, string> = {
  CHOSEN: 'chosen by you',
  AMOUNT_SYMBOLS: 'detected from symbols in the amounts',
  SAVED_FOR_SOURCE: 'as chosen for this source before',
  HEADER_VOCABULARY: "detected from the file's column names",
  SUPPLIER_LEGAL_FORMS: "detected from the suppliers' company forms (Ltd, PLC… / Inc, LLC…)",
};

// Below this the automatic proposal is shown as "check this" rather than taken for granted.
const CONFIDENT = 0.9;
const DETECT = 'DETECT';

type Assignments = Record<number, ImportField | null>;

interface Draft {
  fields: Assignments;
  dateFormat: ImportDateFormat | typeof DETECT;
  defaultCurrency: string;
}

function draftFrom(batch: MappingEditor_BatchFragment): Draft {
  return {
    fields: Object.fromEntries(batch.columns.map((column) => [column.index, column.field ?? null])),
    dateFormat: batch.dateFormat ?? DETECT,
    defaultCurrency: batch.defaultCurrency ?? '',
  };
}

function sameDraft(a: Draft, b: Draft): boolean {
  const keys = new Set([...Object.keys(a.fields), ...Object.keys(b.fields)].map(Number));
  return (
    [...keys].every((key) => (a.fields[key] ?? null) === (b.fields[key] ?? null)) &&
    a.dateFormat === b.dateFormat &&
    a.defaultCurrency.trim().toUpperCase() === b.defaultCurrency.trim().toUpperCase()
  );
}

export function mappingInputFrom(draft: Draft): ImportMappingInput {
  const currency = draft.defaultCurrency.trim().toUpperCase();
  return {
    columns: Object.entries(draft.fields)
      .filter((entry): entry is [string, ImportField] => entry[1] !== null)
      .map(([column, field]) => ({ field, column: Number(column) })),
    ...(draft.dateFormat === DETECT ? {} : { dateFormat: draft.dateFormat }),
    ...(currency ? { defaultCurrency: currency } : {}),
  };
}

interface MappingEditorProps {
  batch: FragmentType<typeof MappingEditorBatchFragment>;
  /** Whether the mapping may still change (UPLOADED or VALIDATED, nothing running). */
  editable: boolean;
  validating: boolean;
  onValidate: (mapping: ImportMappingInput) => void;
  /** Told whenever the draft starts or stops differing from what the batch was validated with. */
  onDirtyChange: (dirty: boolean) => void;
}

/** One row per file column: which spend-line field it feeds, plus how to read dates and currency. */
export function MappingEditor(props: MappingEditorProps) {
  const batch = getFragmentData(MappingEditorBatchFragment, props.batch);
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftFrom(batch));
  const [movedNotice, setMovedNotice] = useState<string | null>(null);
  const saved = draftFrom(batch);
  const dirty = !sameDraft(draft, saved);

  function update(next: Draft) {
    setDraft(next);
    props.onDirtyChange(!sameDraft(next, saved));
  }

  function assign(columnIndex: number, field: ImportField | null) {
    const fields: Assignments = { ...draft.fields, [columnIndex]: field };
    let notice: string | null = null;
    // At most one column per field: taking a field frees the column that had it.
    if (field) {
      for (const column of batch.columns) {
        if (column.index !== columnIndex && fields[column.index] === field) {
          fields[column.index] = null;
          notice = `${importFieldLabels[field]} moved here from “${column.header}”, which is now ignored.`;
        }
      }
    }
    setMovedNotice(notice);
    update({ ...draft, fields });
  }

  const mappedFields = new Set(Object.values(draft.fields).filter((field): field is ImportField => field !== null));
  const missing = requiredImportFields.filter((field) => !mappedFields.has(field));
  const mapsCurrency = mappedFields.has('CURRENCY');
  // Nothing says which currency the amounts are in: the user must choose before validating.
  const currencyMissing = !mapsCurrency && draft.defaultCurrency.trim() === '';
  const currencyValid = !currencyMissing;
  const canValidate = props.editable && !props.validating && missing.length === 0 && currencyValid;
  const currencyOptions = [...new Set([...(batch.defaultCurrency ? [batch.defaultCurrency] : []), ...CURRENCIES])];
  const basis = batch.currencyBasis && draft.defaultCurrency === (batch.defaultCurrency ?? '') ? CURRENCY_BASIS_LABELS[batch.currencyBasis] : null;

  type Column = (typeof batch.columns)[number];
  const columns: TableColumn<Column>[] = [
    { id: 'index', header: '#', value: (column) => column.index + 1, meta: { numeric: true, className: `${styles.index} ${cellTone.muted}` } },
    {
      id: 'header',
      header: 'Column in the file',
      meta: { rowHeader: true, className: styles.header },
      cell: (column) => <label htmlFor={`${ids}-column-${column.index}`}>{column.header || <em>(no header)</em>}</label>,
    },
    {
      id: 'field',
      header: 'Spend-line field',
      cell: (column) => {
        const field = draft.fields[column.index] ?? null;
        return (
          <select
            id={`${ids}-column-${column.index}`}
            className={`input ${styles.select}`}
            value={field ?? ''}
            disabled={!props.editable || props.validating}
            onChange={(event) => assign(column.index, event.target.value === '' ? null : (event.target.value as ImportField))}
            data-testid={`mapping-select-${column.index}`}
            data-header={column.header}
          >
            <option value="">Ignore</option>
            {importFields.map((option) => (
              <option key={option} value={option}>
                {importFieldLabels[option]}
                {requiredImportFields.includes(option) ? ' (required)' : ''}
              </option>
            ))}
          </select>
        );
      },
    },
    {
      id: 'proposal',
      header: 'Proposal',
      cell: (column) => {
        const field = draft.fields[column.index] ?? null;
        const required = field !== null && requiredImportFields.includes(field);
        const proposed = column.confidence !== null && column.confidence !== undefined && column.field !== null;
        const unsure = proposed && (column.confidence ?? 1) < CONFIDENT && field === column.field;
        return (
          <>
            {required && <Tag tone="accent">Required</Tag>}
            {unsure && (
              <Tag tone="warning" title="The automatic proposal is not certain: check that this column holds what the field expects." data-testid="mapping-unsure">
                Check · {Math.round((column.confidence ?? 0) * 100)}% match
              </Tag>
            )}
            {proposed && !unsure && field === column.field && <Tag>Proposed</Tag>}
          </>
        );
      },
    },
  ];

  return (
    <section className={`card ${styles.root}`} aria-labelledby={`${ids}-title`} data-testid="mapping-editor">
      <div className="card__header">
        <h2 className="card__title" id={`${ids}-title`}>
          Column mapping
        </h2>
        <p className="card__subtitle">
          Choose the spend-line field each column feeds. Proposals are pre-selected; the mapping is remembered for this source.
        </p>
      </div>
      {missing.length > 0 && (
        <div className="alert alert--warning" role="status" data-testid="mapping-missing">
          <Icon name="alert" size={16} />
          <span>
            Map a column to {missing.map((field) => importFieldLabels[field]).join(', ')} before validating: {missing.length === 1 ? 'it is' : 'they are'}{' '}
            required.
          </span>
        </div>
      )}
      <Table
        rows={batch.columns}
        columns={columns}
        getRowId={(column) => String(column.index)}
        density="dense"
        scroll={{ framed: true }}
        rowProps={(column) => {
          const field = draft.fields[column.index] ?? null;
          const required = field !== null && requiredImportFields.includes(field);
          return { className: [required ? styles.required : '', field === null ? styles.ignored : ''].filter(Boolean).join(' ') || undefined };
        }}
      />
      {movedNotice && (
        <p className={styles.notice} role="status">
          {movedNotice}
        </p>
      )}
      <div className={styles.options}>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-date-format`}>
            Date format
          </label>
          <select
            id={`${ids}-date-format`}
            className="input"
            value={draft.dateFormat}
            disabled={!props.editable || props.validating}
            onChange={(event) => update({ ...draft, dateFormat: event.target.value as Draft['dateFormat'] })}
            data-testid="mapping-date-format"
          >
            <option value={DETECT}>Detect from the file</option>
            {importDateFormats.map((format) => (
              <option key={format} value={format}>
                {importDateFormatLabels[format]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-currency`}>
            Currency of the amounts{mapsCurrency ? '' : ' (required)'}
          </label>
          <select
            id={`${ids}-currency`}
            className={`input ${styles.currency} ${currencyValid ? '' : styles.invalid}`}
            value={draft.defaultCurrency}
            required={!mapsCurrency}
            disabled={!props.editable || props.validating}
            onChange={(event) => update({ ...draft, defaultCurrency: event.target.value })}
            aria-invalid={!currencyValid}
            aria-describedby={`${ids}-currency-hint`}
            data-testid="mapping-default-currency"
          >
            <option value="">{mapsCurrency ? 'From the currency column' : 'Choose…'}</option>
            {currencyOptions.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
          <Hint tone={currencyValid ? 'muted' : 'error'} id={`${ids}-currency-hint`} data-testid="mapping-currency-hint">
            {currencyMissing
              ? 'The file does not say which currency its amounts are in: choose it before validating.'
              : basis
                ? `${draft.defaultCurrency}, ${basis}. Change it if that is wrong.`
                : mapsCurrency
                  ? 'For rows whose currency column is empty.'
                  : 'Currency of every amount (no currency column is mapped).'}
          </Hint>
        </div>
        <div className={styles.submit}>
          {props.editable && (
            <Button
              busy={props.validating}
              busyLabel="Validating…"
              variant="primary"
              disabled={!canValidate}
              onClick={() => props.onValidate(mappingInputFrom(draft))}
              data-testid="validate-button"
            >
              {batch.status === 'VALIDATED' ? 'Validate again' : 'Validate'}
            </Button>
          )}
          {props.editable && batch.status === 'VALIDATED' && dirty && (
            <span className={styles.dirty} data-testid="mapping-dirty">
              The mapping changed since the last validation.
            </span>
          )}
        </div>
      </div>
    </section>
  );
}
