import { useId, useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Icon } from '../../components/Icon';
import { formatCount } from '../../format/numbers';
import { useClassifySupplierLines } from './adminMutations';
import { indentedLabel, type CategoryOption } from './categoryOptions';
import { SupplierPicker, type PickedSupplier } from './SupplierPicker';
import { Button } from '../../components/Button';

const UNCLASSIFIED = '__unclassified__';

/** A person's choice for every line of a supplier; rules never change those lines again. */
export function ManualClassificationForm({ categories }: { categories: readonly CategoryOption[] }) {
  const ids = useId();
  const [supplier, setSupplier] = useState<PickedSupplier | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [classifyLines, { loading }] = useClassifySupplierLines();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!supplier || !categoryId) return;
    setMessage(null);
    const category = categories.find((candidate) => candidate.id === categoryId);
    try {
      const result = await classifyLines({ variables: { supplierId: supplier.id, categoryId: categoryId === UNCLASSIFIED ? null : categoryId } });
      const count = result.data?.classifyLines ?? 0;
      setMessage({
        tone: 'success',
        text: `${formatCount(count)} ${count === 1 ? 'line' : 'lines'} of ${supplier.name ?? 'the supplier'} ${count === 1 ? 'is' : 'are'} now ${
          category ? `in ${category.name}` : 'unclassified'
        }, set by hand.`,
      });
    } catch (error) {
      setMessage({ tone: 'error', text: describeApiError(error).message });
    }
  }

  return (
    <form className="admin-form" onSubmit={(event) => void onSubmit(event)} data-testid="manual-classification-form">
      <div className="admin-form__grid">
        <SupplierPicker label="Supplier" value={supplier} onChange={setSupplier} testId="manual-supplier" />
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-category`}>
            Category for all its lines
          </label>
          <select id={`${ids}-category`} className="input input--select" value={categoryId} onChange={(event) => setCategoryId(event.target.value)} data-testid="manual-category">
            <option value="">Choose a category…</option>
            <option value={UNCLASSIFIED}>Unclassified</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {indentedLabel(category)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="admin-form__actions">
        <Button busy={loading} busyLabel="Classifying…" type="submit" variant="primary" disabled={!supplier || !categoryId} data-testid="manual-submit">
          Classify its lines
        </Button>
        {message && (
          <span className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'}`} role={message.tone === 'error' ? 'alert' : 'status'} data-testid="manual-result">
            <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
            <span>{message.text}</span>
          </span>
        )}
      </div>
    </form>
  );
}
