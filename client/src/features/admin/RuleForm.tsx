import { useId, useState, type FormEvent } from 'react';
import type { ClassificationRuleInput } from '../../gql/graphql';
import { indentedLabel, type CategoryOption } from './categoryOptions';
import { ledgerLabel, useLedgerCodes, type LedgerCode } from './ledgerCodes';
import type { ClassificationRuleView } from './RulesTable';
import { SupplierPicker, type PickedSupplier } from './SupplierPicker';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import styles from './RuleForm.module.css';

interface RuleFormProps {
  /** The rule being edited, or null for a new one. */
  rule: ClassificationRuleView | null;
  categories: readonly CategoryOption[];
  nextPriority: number;
  saving: boolean;
  error: string | null;
  onSave(input: ClassificationRuleInput): void;
  onCancel(): void;
}

/** A GL account or cost centre to match, by code and name; a rule's id the list lacks stays chosen, shown as its id. */
function LedgerCodeField(props: { id: string; label: string; value: string; codes: readonly LedgerCode[]; onChange(value: string): void; testId: string }) {
  const { id, label, value, codes, onChange, testId } = props;
  const missing = value !== '' && !codes.some((c) => c.id === value);
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="input input--select" value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        <option value="">Any</option>
        {missing && <option value={value}>{ledgerLabel(codes, value)}</option>}
        {codes.map((c) => (
          <option key={c.id} value={c.id}>
            {ledgerLabel(codes, c.id)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Create or change a rule: priority, at least one condition, the category. */
export function RuleForm({ rule, categories, nextPriority, saving, error, onSave, onCancel }: RuleFormProps) {
  const ids = useId();
  const [priority, setPriority] = useState(String(rule?.priority ?? nextPriority));
  const [supplier, setSupplier] = useState<PickedSupplier | null>(
    rule?.supplierId ? { id: rule.supplierId, name: null } : null,
  );
  const [glAccountId, setGlAccountId] = useState(rule?.glAccountId ?? '');
  const [costCenterId, setCostCenterId] = useState(rule?.costCenterId ?? '');
  const [descriptionContains, setDescriptionContains] = useState(rule?.descriptionContains ?? '');
  const [rawSupplierNameMatches, setRawSupplierNameMatches] = useState(rule?.rawSupplierNameMatches ?? '');
  const [sourceCategoryContains, setSourceCategoryContains] = useState(rule?.sourceCategoryContains ?? '');
  const [categoryId, setCategoryId] = useState(rule?.category.id ?? '');
  const [enabled, setEnabled] = useState(rule?.enabled ?? true);

  const { costCenters, glAccounts } = useLedgerCodes();
  const hasCondition = Boolean(supplier || glAccountId.trim() || costCenterId.trim() || descriptionContains.trim() || rawSupplierNameMatches.trim() || sourceCategoryContains.trim());
  const problems: string[] = [];
  if (!/^-?\d+$/.test(priority.trim())) problems.push('Priority must be a whole number.');
  for (const [label, value] of [
    ['Description', descriptionContains],
    ['Raw supplier name', rawSupplierNameMatches],
    ['Category in the file', sourceCategoryContains],
  ] as const) {
    const trimmed = value.trim();
    if (trimmed && (trimmed.length < 2 || trimmed.length > 200)) problems.push(`${label} text must be 2 to 200 characters.`);
  }
  if (!hasCondition) problems.push('Set at least one condition.');
  if (!categoryId) problems.push('Choose the category.');

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length) return;
    onSave({
      priority: Number(priority.trim()),
      supplierId: supplier?.id ?? null,
      glAccountId: glAccountId.trim() || null,
      costCenterId: costCenterId.trim() || null,
      descriptionContains: descriptionContains.trim() || null,
      rawSupplierNameMatches: rawSupplierNameMatches.trim() || null,
      sourceCategoryContains: sourceCategoryContains.trim() || null,
      categoryId,
      enabled,
    });
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} aria-labelledby={`${ids}-title`} data-testid="rule-form">
      <h3 className={styles.title} id={`${ids}-title`}>
        {rule ? `Edit rule ${rule.priority}` : 'New rule'}
      </h3>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-priority`}>
            Priority
          </label>
          <input id={`${ids}-priority`} className="input" type="number" step={1} value={priority} onChange={(event) => setPriority(event.target.value)} required data-testid="rule-priority" />
          <Hint>Lower runs first; the first matching rule wins.</Hint>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-category`}>
            Category
          </label>
          <select id={`${ids}-category`} className="input input--select" value={categoryId} onChange={(event) => setCategoryId(event.target.value)} required data-testid="rule-category">
            <option value="">Choose a category…</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {indentedLabel(category)}
              </option>
            ))}
          </select>
        </div>
        <SupplierPicker label="Supplier is" value={supplier} onChange={setSupplier} testId="rule-supplier" />
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-description`}>
            Description contains
          </label>
          <input id={`${ids}-description`} className="input" value={descriptionContains} onChange={(event) => setDescriptionContains(event.target.value)} maxLength={200} data-testid="rule-description" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-raw`}>
            Supplier name in the file contains
          </label>
          <input id={`${ids}-raw`} className="input" value={rawSupplierNameMatches} onChange={(event) => setRawSupplierNameMatches(event.target.value)} maxLength={200} data-testid="rule-raw-name" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-source-category`}>
            Category in the file contains
          </label>
          <input id={`${ids}-source-category`} className="input" value={sourceCategoryContains} onChange={(event) => setSourceCategoryContains(event.target.value)} maxLength={200} data-testid="rule-source-category" />
        </div>
        <LedgerCodeField id={`${ids}-gl`} label="GL account" value={glAccountId} codes={glAccounts} onChange={setGlAccountId} testId="rule-gl" />
        <LedgerCodeField id={`${ids}-cc`} label="Cost centre" value={costCenterId} codes={costCenters} onChange={setCostCenterId} testId="rule-cc" />
        <label className={`check-row ${styles.check}`}>
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span className="check-row__label">Enabled (disabled rules are kept but not run)</span>
        </label>
      </div>
      <FormActions
        error={error}
        errorTestId="rule-form-error"
        saving={saving}
        saveLabel={rule ? 'Save changes' : 'Add rule'}
        saveTestId="rule-save"
        blocked={problems.length > 0}
        hint={problems[0] ?? null}
        onCancel={onCancel}
      />
    </form>
  );
}
