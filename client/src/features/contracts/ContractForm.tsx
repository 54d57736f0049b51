import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { Hint } from '../../components/Hint';
import { Icon } from '../../components/Icon';
import { MultiSelect, type MultiSelectOption } from '../../components/MultiSelect';
import type { ContractInput, ContractRenewal } from '../../gql/graphql';
import { SupplierPicker } from '../admin/SupplierPicker';
import { renewalLabels } from './contractLabels';
import {
  checkContractForm, conflictRows, contractInputOf, fieldLabels, fieldOfError, fieldOrder, type ContractField, type ContractFormValues,
} from './contractForm';
import styles from './ContractForm.module.css';

interface ContractFormProps {
  initial: ContractFormValues;
  /** The version the form was opened at; null for a new contract. */
  version: number | null;
  categories: MultiSelectOption[];
  businessUnits: MultiSelectOption[];
  owners: Array<{ id: string; name: string }>;
  submitLabel: string;
  onSave(input: ContractInput, version: number | null): Promise<void>;
  onCancel(): void;
  /** The contract as stored now (after a CONFLICT); null when there is none. */
  reload(): Promise<{ values: ContractFormValues; version: number } | null>;
}

interface Conflict {
  current: ContractFormValues;
  version: number;
}

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN'];

/**
 * Create or edit a contract. Problems are shown at their field (the server's `extensions.field`
 * included) and the first one gets the focus; a stale save shows what changed on both sides.
 */
export function ContractForm({ initial, version, categories, businessUnits, owners, submitLabel, onSave, onCancel, reload }: ContractFormProps) {
  const ids = useId();
  const [values, setValues] = useState(initial);
  const [base, setBase] = useState(initial);
  const [baseVersion, setBaseVersion] = useState(version);
  const [errors, setErrors] = useState<Partial<Record<ContractField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const idOf = (field: ContractField) => `${ids}-${field}`;
  const set = <K extends keyof ContractFormValues>(field: K, value: ContractFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field in errors) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function focus(field: ContractField) {
    // Wait for the error text to render, so the screen reader reads it with the field.
    requestAnimationFrame(() => {
      const box = formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(idOf(field))}`);
      const target = box?.matches('input, select, textarea, button') ? box : box?.querySelector<HTMLElement>('input, select, textarea, button');
      target?.focus();
    });
  }

  async function save(next: ContractFormValues, atVersion: number | null) {
    const problems = checkContractForm(next);
    setErrors(problems);
    setFormError(null);
    const first = fieldOrder.find((field) => problems[field]);
    if (first) {
      focus(first);
      return;
    }
    setSaving(true);
    try {
      await onSave(contractInputOf(next), atVersion);
    } catch (caught) {
      const info = describeApiError(caught);
      if (info.code === 'CONFLICT' && info.field === 'version') {
        const stored = await reload().catch(() => null);
        if (stored) setConflict({ current: stored.values, version: stored.version });
        else setFormError('This contract no longer exists.');
      } else {
        const field = fieldOfError(info.field);
        if (field) {
          setErrors({ [field]: info.message });
          focus(field);
        } else setFormError(info.requestId ? `${info.message} (request id ${info.requestId})` : info.message);
      }
    } finally {
      setSaving(false);
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void save(values, baseVersion);
  }

  const error = (field: ContractField) =>
    errors[field] ? (
      <Hint tone="error" id={`${idOf(field)}-error`} data-testid={`error-${field}`}>
        {errors[field]}
      </Hint>
    ) : null;
  const described = (field: ContractField, hint?: string) => {
    const parts = [errors[field] ? `${idOf(field)}-error` : null, hint ?? null].filter(Boolean);
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': parts.length ? parts.join(' ') : undefined };
  };

  function field(name: ContractField, label: string, control: ReactNode, hint?: ReactNode) {
    return (
      <div className={`field ${errors[name] ? styles.invalid : ''}`}>
        <label className="field__label" htmlFor={idOf(name)}>
          {label}
        </label>
        {control}
        {hint && <Hint id={`${idOf(name)}-hint`}>{hint}</Hint>}
        {error(name)}
      </div>
    );
  }

  return (
    <form ref={formRef} className={`card ${styles.form}`} onSubmit={onSubmit} noValidate aria-label={submitLabel} data-testid="contract-form">
      {conflict && (
        <ConflictPanel
          base={base}
          conflict={conflict}
          mine={values}
          owners={owners}
          onKeepMine={() => {
            setBase(conflict.current);
            setBaseVersion(conflict.version);
            setConflict(null);
            void save(values, conflict.version);
          }}
          onTakeTheirs={() => {
            setValues(conflict.current);
            setBase(conflict.current);
            setBaseVersion(conflict.version);
            setConflict(null);
          }}
        />
      )}
      <div className={styles.grid}>
        {field('number', 'Contract number', (
          <input id={idOf('number')} className="input" value={values.number} maxLength={64} onChange={(e) => set('number', e.target.value)} autoComplete="off"
            {...described('number')} data-testid="field-number" />
        ))}
        {field('title', 'Title', (
          <input id={idOf('title')} className="input" value={values.title} maxLength={300} onChange={(e) => set('title', e.target.value)} {...described('title')}
            data-testid="field-title" />
        ))}
        <div id={idOf('supplierId')} className={errors.supplierId ? styles.invalid : undefined}>
          <SupplierPicker
            label="Supplier"
            value={values.supplierId ? { id: values.supplierId, name: values.supplierName } : null}
            onChange={(picked) => {
              setValues((current) => ({ ...current, supplierId: picked?.id ?? null, supplierName: picked?.name ?? null }));
              setErrors((current) => ({ ...current, supplierId: undefined }));
            }}
            testId="field-supplier"
          />
          {error('supplierId')}
        </div>
        <div className={`field ${errors.categoryIds ? styles.invalid : ''}`} id={idOf('categoryIds')}>
          <span className="field__label">Categories covered</span>
          <MultiSelect label="Categories" options={categories} selected={values.categoryIds} allLabel="None chosen" onChange={(next) => set('categoryIds', next)}
            testId="field-categories" />
          <Hint>Their subcategories are covered too.</Hint>
          {error('categoryIds')}
        </div>
        <div className="field" id={idOf('businessUnitIds')}>
          <span className="field__label">Business units covered</span>
          <MultiSelect label="Business units" options={businessUnits} selected={values.businessUnitIds} allLabel="Every unit" onChange={(next) => set('businessUnitIds', next)}
            testId="field-units" />
          {error('businessUnitIds')}
        </div>
        {field('startDate', 'Start date', (
          <input id={idOf('startDate')} className="input" type="date" value={values.startDate} onChange={(e) => set('startDate', e.target.value)} {...described('startDate')}
            data-testid="field-start" />
        ))}
        {field('endDate', 'End date', (
          <input id={idOf('endDate')} className="input" type="date" value={values.endDate} onChange={(e) => set('endDate', e.target.value)} {...described('endDate')}
            data-testid="field-end" />
        ))}
        {field('ceiling', 'Ceiling', (
          <input id={idOf('ceiling')} className="input" inputMode="decimal" value={values.ceiling} onChange={(e) => set('ceiling', e.target.value)}
            {...described('ceiling', `${idOf('ceiling')}-hint`)} data-testid="field-ceiling" />
        ), 'The most the contract may be worth, in its currency.')}
        {field('currency', 'Currency', (
          <>
            <input id={idOf('currency')} className="input" value={values.currency} maxLength={3} list={`${ids}-currencies`} onChange={(e) => set('currency', e.target.value.toUpperCase())}
              {...described('currency')} data-testid="field-currency" />
            <datalist id={`${ids}-currencies`}>
              {CURRENCIES.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          </>
        ))}
        {field('ownerId', 'Owner', (
          <select id={idOf('ownerId')} className="input input--select" value={values.ownerId} onChange={(e) => set('ownerId', e.target.value)} {...described('ownerId')}
            data-testid="field-owner">
            {!values.ownerId && <option value="">Nobody named</option>}
            {owners.map((o) => (
              <option key={o.id} value={o.id}>
                {o.name}
              </option>
            ))}
          </select>
        ))}
        {field('renewal', 'Renewal', (
          <select id={idOf('renewal')} className="input input--select" value={values.renewal} onChange={(e) => set('renewal', e.target.value as ContractRenewal)}>
            {(Object.keys(renewalLabels) as ContractRenewal[]).map((r) => (
              <option key={r} value={r}>
                {renewalLabels[r]}
              </option>
            ))}
          </select>
        ))}
        {field('noticeDays', 'Notice (days)', (
          <input id={idOf('noticeDays')} className="input" inputMode="numeric" value={values.noticeDays} onChange={(e) => set('noticeDays', e.target.value)}
            {...described('noticeDays')} data-testid="field-notice" />
        ))}
        {field('paymentTermsDays', 'Payment terms (days)', (
          <input id={idOf('paymentTermsDays')} className="input" inputMode="numeric" value={values.paymentTermsDays} onChange={(e) => set('paymentTermsDays', e.target.value)}
            {...described('paymentTermsDays')} data-testid="field-payment" />
        ))}
      </div>
      {Object.values(errors).some(Boolean) && (
        <div className="alert alert--error" role="alert" data-testid="contract-form-errors">
          <Icon name="alert" size={16} />
          <span>
            {fieldOrder.filter((f) => errors[f]).length === 1 ? 'One field needs attention: ' : 'Some fields need attention: '}
            {fieldOrder.filter((f) => errors[f]).map((f) => fieldLabels[f]).join(', ')}.
          </span>
        </div>
      )}
      {formError && (
        <div className="alert alert--error" role="alert" data-testid="contract-form-error">
          <Icon name="alert" size={16} />
          <span>{formError}</span>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" variant="primary" busy={saving} busyLabel="Saving…" disabled={conflict !== null} data-testid="contract-save">
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function show(values: ContractFormValues, field: ContractField, owners: Array<{ id: string; name: string }>): string {
  const v = values[field];
  if (field === 'supplierId') return values.supplierName ?? (values.supplierId ? `#${values.supplierId}` : '—');
  if (field === 'ownerId') return owners.find((o) => o.id === v)?.name ?? (v ? `#${String(v)}` : '—');
  if (field === 'renewal') return renewalLabels[v as ContractRenewal];
  if (Array.isArray(v)) return v.length ? `${v.length} chosen (${[...v].sort().join(', ')})` : 'none';
  return String(v ?? '') || '—';
}

/** After a stale save: the values as stored now next to the user's, and the two ways on. */
function ConflictPanel(props: {
  base: ContractFormValues; conflict: Conflict; mine: ContractFormValues; owners: Array<{ id: string; name: string }>;
  onKeepMine(): void; onTakeTheirs(): void;
}) {
  const rows = conflictRows(props.base, props.conflict.current, props.mine);
  return (
    <div className={`alert alert--warning ${styles.conflict}`} role="alert" data-testid="contract-conflict">
      <div>
        <p className={styles.conflictTitle}>Someone else saved this contract after you opened it.</p>
        <p>Compare their version with yours, then keep yours (it replaces theirs) or start again from theirs.</p>
        <table className={styles.conflictTable}>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Saved now</th>
              <th scope="col">Yours</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field} data-testid={`conflict-${row.field}`}>
                <th scope="row">
                  {fieldLabels[row.field]}
                  {row.changedByOthers && <span className={styles.changed}> · changed by them</span>}
                </th>
                <td>{show(props.conflict.current, row.field, props.owners)}</td>
                <td>{show(props.mine, row.field, props.owners)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.actions}>
          <Button variant="primary" onClick={props.onKeepMine} data-testid="conflict-keep-mine">
            Save mine over theirs
          </Button>
          <Button onClick={props.onTakeTheirs} data-testid="conflict-take-theirs">
            Start again from theirs
          </Button>
        </div>
      </div>
    </div>
  );
}
