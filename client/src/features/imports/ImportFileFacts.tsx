import { formatDate } from '../../format/numbers';
import { getFragmentData, graphql, type FragmentType } from '../../gql';
import { describeDelimiter } from './importLabels';
import styles from './ImportFileFacts.module.css';

const ImportFileFactsBatchFragment = graphql(`
  fragment ImportFileFacts_batch on ImportBatch {
    sourceName
    format
    encoding
    delimiter
    headerRow
    uploadedBy
    createdAt
    committedAt
    rolledBackAt
  }
`);

const formatNames = { CSV: 'Delimited text (CSV)', XLSX: 'Excel workbook', OCDS_JSON: 'Open Contracting JSON' } as const;

/** Where the file came from and how it was read. */
export function ImportFileFacts(props: { batch: FragmentType<typeof ImportFileFactsBatchFragment> }) {
  const batch = getFragmentData(ImportFileFactsBatchFragment, props.batch);
  const facts: { label: string; value: string }[] = [
    { label: 'Source', value: batch.sourceName },
    { label: 'Format', value: formatNames[batch.format] },
  ];
  if (batch.encoding) facts.push({ label: 'Encoding', value: batch.encoding.toUpperCase() });
  const delimiter = describeDelimiter(batch.delimiter);
  if (delimiter) facts.push({ label: 'Delimiter', value: delimiter });
  if (batch.headerRow !== null && batch.headerRow !== undefined) facts.push({ label: 'Header row', value: String(batch.headerRow) });
  facts.push({ label: 'Uploaded', value: `${formatDate(batch.createdAt.slice(0, 10))}${batch.uploadedBy ? ` by ${batch.uploadedBy}` : ''}` });
  if (batch.committedAt) facts.push({ label: 'Committed', value: formatDate(batch.committedAt.slice(0, 10)) });
  if (batch.rolledBackAt) facts.push({ label: 'Rolled back', value: formatDate(batch.rolledBackAt.slice(0, 10)) });
  return (
    <span className={styles.root} data-testid="import-file-facts">
      {facts.map((fact) => (
        <span key={fact.label} className="file-facts__item">
          <span className={styles.label}>{fact.label}</span> <span className={styles.value}>{fact.value}</span>
        </span>
      ))}
    </span>
  );
}
