import { useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Icon } from '../../components/Icon';
import { useSetSupplierParent } from './adminMutations';
import { SupplierPicker, type PickedSupplier } from './SupplierPicker';
import { Button } from '../../components/Button';

/** Puts a supplier under a family parent, or takes it out of its family. */
export function SupplierFamilyForm() {
  const [child, setChild] = useState<PickedSupplier | null>(null);
  const [parent, setParent] = useState<PickedSupplier | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [setSupplierParent, { loading }] = useSetSupplierParent();

  async function save(parentChoice: PickedSupplier | null) {
    if (!child) return;
    setMessage(null);
    try {
      // The version as picked: a supplier changed since is a CONFLICT; after a save, the new one.
      const result = await setSupplierParent({ variables: { id: child.id, parentId: parentChoice?.id ?? null, version: child.version } });
      const saved = result.data?.setSupplierParent;
      // Functional: a supplier picked while the save ran keeps its place.
      if (saved) setChild((current) => (current?.id === child.id ? { ...current, version: saved.version } : current));
      const childName = child.name ?? 'The supplier';
      setMessage({
        tone: 'success',
        text: parentChoice ? `${childName} now belongs to the ${parentChoice.name ?? 'chosen'} family.` : `${childName} no longer belongs to a family.`,
      });
    } catch (error) {
      const info = describeApiError(error);
      setMessage({ tone: 'error', text: info.message });
      // Changed by someone else: the message says so, and saving again replaces it knowingly.
      const currentVersion = info.currentVersion;
      if (info.code === 'CONFLICT' && currentVersion != null) setChild((current) => (current?.id === child.id ? { ...current, version: currentVersion } : current));
    }
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (parent) void save(parent);
  }

  return (
    <form className="admin-form" onSubmit={onSubmit} data-testid="supplier-family-form">
      <div className="admin-form__grid">
        <SupplierPicker label="Supplier" value={child} onChange={setChild} testId="family-child" />
        <SupplierPicker label="Family parent" value={parent} onChange={setParent} excludeId={child?.id} testId="family-parent" />
      </div>
      <div className="admin-form__actions">
        <Button type="submit" variant="primary" disabled={!child || !parent || loading}>
          Set parent
        </Button>
        <Button disabled={!child || loading} onClick={() => void save(null)}>
          Remove from its family
        </Button>
        {message && (
          <span className={`alert ${message.tone === 'error' ? 'alert--error' : 'alert--success'}`} role={message.tone === 'error' ? 'alert' : 'status'}>
            <Icon name={message.tone === 'error' ? 'alert' : 'admin'} size={16} />
            <span>{message.text}</span>
          </span>
        )}
      </div>
    </form>
  );
}
