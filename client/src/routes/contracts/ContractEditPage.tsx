import { useApolloClient, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isMissingRecord } from '../../apollo/errors';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Skeleton } from '../../components/StatusViews';
import { indentedLabel, treeOrder } from '../../features/admin/categoryOptions';
import { ContractForm } from '../../features/contracts/ContractForm';
import { emptyContractForm, type ContractFormValues } from '../../features/contracts/contractForm';
import { useCreateContract, useUpdateContract } from '../../features/contracts/contractMutations';
import { useSettings } from '../../features/settings/useSettings';
import { graphql } from '../../gql';
import type { ContractEditQuery } from '../../gql/graphql';
import styles from '../../features/contracts/ContractDetail.module.css';

const ContractEditQueryDocument = graphql(`
  query ContractEdit($id: ID!) {
    contract(id: $id) {
      id
      number
      title
      status
      version
      canEdit
      startDate
      endDate
      ceiling
      currency
      renewal
      noticeDays
      paymentTermsDays
      supplier {
        id
        name
      }
      owner {
        id
      }
      categories {
        id
      }
      businessUnits {
        id
      }
    }
  }
`);

const ContractFormOptionsQuery = graphql(`
  query ContractFormOptions {
    me {
      id
    }
    categories {
      id
      code
      name
      level
      parentId
    }
    businessUnits {
      id
      code
      name
    }
    contractOwners {
      id
      name
    }
  }
`);

export function formValuesOf(k: NonNullable<ContractEditQuery['contract']>): ContractFormValues {
  return {
    number: k.number, title: k.title, supplierId: k.supplier.id, supplierName: k.supplier.name, categoryIds: k.categories.map((c) => c.id),
    businessUnitIds: k.businessUnits.map((b) => b.id), startDate: k.startDate, endDate: k.endDate, ceiling: k.ceiling, currency: k.currency,
    ownerId: k.owner?.id ?? '', paymentTermsDays: String(k.paymentTermsDays), renewal: k.renewal, noticeDays: String(k.noticeDays),
  };
}

/** `/contracts/new` and `/contracts/:id/edit`: the contract form. */
export function ContractEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const client = useApolloClient();
  const { reportingCurrency } = useSettings();
  const existing = useQuery(ContractEditQueryDocument, id ? { variables: { id }, fetchPolicy: 'network-only' } : { skip: true, variables: { id: '' } });
  const { data: options, error: optionsError } = useQuery(ContractFormOptionsQuery);
  const [create] = useCreateContract();
  const [update] = useUpdateContract();
  const categories = useMemo(() => treeOrder(options?.categories ?? []).map((c) => ({ value: c.id, label: indentedLabel(c).trim(), hint: c.code })), [options]);
  const units = useMemo(() => (options?.businessUnits ?? []).map((b) => ({ value: b.id, label: b.name, hint: b.code })), [options]);
  const contract = existing.data?.contract;
  const back = id ? `/contracts/${id}` : '/contracts';
  const error = existing.error ?? optionsError;

  if (error) {
    return (
      <main className="page">
        <Link to={back} className={styles.back}>← Back</Link>
        <ErrorState
          error={error}
          title={isMissingRecord(error) ? 'This contract does not exist' : 'The contract could not be loaded'}
          text={isMissingRecord(error) ? 'Check the link, or find the contract in the list of contracts.' : undefined}
        />
      </main>
    );
  }
  if (!options || (id && !contract)) {
    return (
      <main className="page" aria-busy="true">
        <Skeleton height={28} width="40%" />
        <Skeleton height={420} />
      </main>
    );
  }
  if (contract && (!contract.canEdit || contract.status === 'TERMINATED')) {
    return (
      <main className="page">
        <Link to={back} className={styles.back}>← {contract.number}</Link>
        <ErrorState error={new Error(contract.status === 'TERMINATED' ? 'A terminated contract cannot be changed.' : 'You may not change this contract.')} title="Not editable" />
      </main>
    );
  }

  // The stored contract as it is now, for the comparison after a stale save.
  async function reload(): Promise<{ values: ContractFormValues; version: number } | null> {
    if (!id) return null;
    const { data } = await client.query({ query: ContractEditQueryDocument, variables: { id }, fetchPolicy: 'network-only' });
    return data?.contract ? { values: formValuesOf(data.contract), version: data.contract.version } : null;
  }

  return (
    <main className="page" data-testid="contract-edit-page">
      <Link to={back} className={styles.back}>
        ← {contract ? contract.number : 'Contracts'}
      </Link>
      <PageHeader
        title={contract ? `Edit ${contract.number}` : 'New contract'}
        description={contract ? 'Saving re-matches the spend lines this contract can reach.' : 'A new contract starts as a draft: it covers no spend until you activate it.'}
      />
      <ContractForm
        initial={contract ? formValuesOf(contract) : emptyContractForm(options.me?.id ?? '', reportingCurrency)}
        version={contract?.version ?? null}
        categories={categories}
        businessUnits={units}
        owners={options.contractOwners}
        submitLabel={contract ? 'Save changes' : 'Create draft'}
        onCancel={() => void navigate(back)}
        reload={reload}
        onSave={async (input, version) => {
          if (id && version !== null) {
            await update({ variables: { id, version, input } });
            void navigate(`/contracts/${id}`);
          } else {
            const { data } = await create({ variables: { input } });
            if (data) void navigate(`/contracts/${data.createContract.id}`);
          }
        }}
      />
    </main>
  );
}
