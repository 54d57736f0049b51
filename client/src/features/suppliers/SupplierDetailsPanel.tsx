import { useMutation } from '@apollo/client/react';
import { useId, useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { Button } from '../../components/Button';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import type { UpdateSupplierInput } from '../../gql/graphql';
import { forgetSpend } from '../admin/adminMutations';
import { useSessionRole } from '../session/SessionContext';
import styles from './SupplierStatusPanel.module.css';

const SupplierDetailsPanelSupplierFragment = graphql(`
  fragment SupplierDetailsPanel_supplier on Supplier {
    id
    name
    normalizedName
    countryCode
    taxId
    status
    version
  }
`);

const UpdateSupplierMutation = graphql(`
  mutation UpdateSupplier($id: ID!, $version: Int!, $input: UpdateSupplierInput!) {
    updateSupplier(id: $id, version: $version, input: $input) {
      id
      name
      countryCode
      taxId
      version
      updatedAt
    }
  }
`);

const countryPattern = /^[A-Za-z]{2}$/;

/**
 * A supplier's details: its name, country and tax id, and the key imports match it by. An admin
 * corrects them here (docs/domain.md, "Suppliers"); the matching key and the aliases stay.
 */
export function SupplierDetailsPanel(props: { supplier: FragmentType<typeof SupplierDetailsPanelSupplierFragment> }) {
  const supplier = getFragmentData(SupplierDetailsPanelSupplierFragment, props.supplier);
  const canEdit = useSessionRole() === 'ADMIN' && supplier.status !== 'MERGED';
  const [editing, setEditing] = useState(false);
  return (
    <section className={`card ${styles.root}`} data-testid="supplier-details" aria-labelledby="supplier-details-title">
      <div className={styles.line}>
        <h2 className="card__title" id="supplier-details-title">
          Details
        </h2>
        {canEdit && !editing && (
          <Button size="small" onClick={() => setEditing(true)} data-testid="edit-supplier">
            Edit details
          </Button>
        )}
      </div>
      {editing ? (
        <SupplierDetailsForm supplier={supplier} onDone={() => setEditing(false)} />
      ) : (
        <dl className={styles.facts} data-testid="supplier-details-facts">
          <dt>Country</dt>
          <dd data-testid="supplier-country">{supplier.countryCode ?? 'Not recorded'}</dd>
          <dt>Tax id</dt>
          <dd data-testid="supplier-tax-id">{supplier.taxId ?? 'Not recorded'}</dd>
          <dt>Matched in imports as</dt>
          <dd className={styles.muted}>{supplier.normalizedName}</dd>
        </dl>
      )}
    </section>
  );
}

type Details = { id: string; name: string; countryCode?: string | null; taxId?: string | null; version: number };

function SupplierDetailsForm({ supplier, onDone }: { supplier: Details; onDone(): void }) {
  const ids = useId();
  const [name, setName] = useState(supplier.name);
  const [country, setCountry] = useState(supplier.countryCode ?? '');
  const [taxId, setTaxId] = useState(supplier.taxId ?? '');
  const [error, setError] = useState<string | null>(null);
  // A new name shows in every figure's labels: cached spend answers are read again.
  const [update, { loading }] = useMutation(UpdateSupplierMutation, { update: forgetSpend });

  const problems: string[] = [];
  if (!name.trim() || name.trim().length > 200) problems.push('A supplier name is 1 to 200 characters.');
  if (country.trim() && !countryPattern.test(country.trim())) problems.push('A country is a two-letter ISO code, e.g. GB.');
  if (taxId.trim().length > 64) problems.push('A tax id is at most 64 characters.');

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length) return;
    // Only what changed, so the audit log names the change made.
    const input: UpdateSupplierInput = {};
    if (name.trim() !== supplier.name) input.name = name.trim();
    if ((country.trim().toUpperCase() || null) !== (supplier.countryCode ?? null)) input.countryCode = country.trim().toUpperCase() || null;
    if ((taxId.trim() || null) !== (supplier.taxId ?? null)) input.taxId = taxId.trim() || null;
    setError(null);
    try {
      if (Object.keys(input).length) await update({ variables: { id: supplier.id, version: supplier.version, input } });
      onDone();
    } catch (e) {
      const info = describeApiError(e);
      setError(info.code === 'CONFLICT' && info.field === 'version' ? `${info.message} Reload the page to see their change.` : info.message);
    }
  }

  return (
    <form className="admin-form" onSubmit={(event) => void onSubmit(event)} aria-label={`Edit the details of ${supplier.name}`} data-testid="supplier-details-form" noValidate>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-name`}>
            Name
          </label>
          <input id={`${ids}-name`} className="input" value={name} onChange={(event) => setName(event.target.value)} maxLength={200} autoFocus data-testid="supplier-name-input" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-country`}>
            Country
          </label>
          <input id={`${ids}-country`} className="input" value={country} onChange={(event) => setCountry(event.target.value.toUpperCase())} maxLength={2} autoComplete="off" aria-describedby={`${ids}-country-hint`} data-testid="supplier-country-input" />
          <Hint id={`${ids}-country-hint`}>Two letters, e.g. GB; empty clears it.</Hint>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-tax`}>
            Tax id
          </label>
          <input id={`${ids}-tax`} className="input" value={taxId} onChange={(event) => setTaxId(event.target.value)} maxLength={64} aria-describedby={`${ids}-tax-hint`} data-testid="supplier-tax-input" />
          <Hint id={`${ids}-tax-hint`}>Unique among suppliers; empty clears it.</Hint>
        </div>
      </div>
      <FormActions error={error} errorTestId="supplier-details-error" saving={loading} saveLabel="Save details" saveTestId="supplier-details-save" blocked={problems.length > 0} hint={problems[0] ?? null} onCancel={onDone} />
    </form>
  );
}
