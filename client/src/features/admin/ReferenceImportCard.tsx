import { useId, useState, type DragEvent, type ReactNode } from 'react';
import { Icon } from '../../components/Icon';
import { formatCount } from '../../format/numbers';
import { postReferenceCsv, ReferenceImportError, type ReferenceImportResult } from './postReferenceCsv';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';
import styles from './ReferenceImportCard.module.css';

interface ReferenceImportCardProps {
  title: string;
  /** What the file must look like (header, formats). */
  description: ReactNode;
  endpoint: '/api/fx-rates' | '/api/taxonomy';
  /** Show "lines converted" (FX rates change reporting amounts; a taxonomy does not). */
  showLinesConverted?: boolean;
  onImported(result: ReferenceImportResult): void;
  testId: string;
}

/** Choose or drop a CSV, send it, and show what was added, updated and skipped (row by row). */
export function ReferenceImportCard({ title, description, endpoint, showLinesConverted, onImported, testId }: ReferenceImportCardProps) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<ReferenceImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    setResult(null);
    setFailure(null);
    if (!/\.(csv|txt)$/i.test(candidate.name)) {
      setFile(null);
      setFailure(`${candidate.name} is not a CSV file.`);
      return;
    }
    setFile(candidate);
  }

  async function send() {
    if (!file) return;
    setSending(true);
    setFailure(null);
    setResult(null);
    try {
      const answer = await postReferenceCsv(endpoint, file);
      setResult(answer);
      setFile(null);
      onImported(answer);
    } catch (error) {
      setFailure(error instanceof ReferenceImportError ? error.message : 'The import failed. Try again in a moment.');
    } finally {
      setSending(false);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!sending) choose(event.dataTransfer.files[0]);
  }

  return (
    <section className="card admin-card" aria-labelledby={`${ids}-title`} data-testid={testId}>
      <div className="card__header">
        <h2 className="card__title" id={`${ids}-title`}>
          {title}
        </h2>
        <p className="card__subtitle">{description}</p>
      </div>
      <form
        className="admin-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <div
          className={`dropzone ${dragging ? 'dropzone--active' : ''} ${file ? 'dropzone--chosen' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            if (!sending) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <span className="dropzone__icon" aria-hidden="true">
            <Icon name="imports" size={22} />
          </span>
          <p className="dropzone__text">
            {file ? <strong data-testid={`${testId}-file-name`}>{file.name}</strong> : <strong>Drop a CSV file here</strong>}
            <span className="dropzone__meta">{file ? `${formatCount(file.size)} bytes` : 'or choose one'}</span>
          </p>
          <input
            id={`${ids}-file`}
            className="visually-hidden"
            type="file"
            accept=".csv,.txt,text/csv"
            disabled={sending}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid={`${testId}-input`}
          />
          <label htmlFor={`${ids}-file`} className={buttonClassName({ size: 'small', disabled: sending }, 'dropzone__pick')}>
            {file ? 'Choose another file' : 'Choose a file'}
          </label>
        </div>
        <div className="admin-form__actions">
          <Button busy={sending} busyLabel="Importing…" type="submit" variant="primary" disabled={!file} data-testid={`${testId}-submit`}>
            Import
          </Button>
        </div>
      </form>
      {failure && (
        <div className="alert alert--error" role="alert" data-testid={`${testId}-error`}>
          <Icon name="alert" size={16} />
          <span>{failure}</span>
        </div>
      )}
      {result && (
        <div className={styles.root} role="status" data-testid={`${testId}-result`}>
          <dl className={styles.counts}>
            <div>
              <dt>Added</dt>
              <dd data-testid={`${testId}-added`}>{formatCount(result.added)}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd data-testid={`${testId}-updated`}>{formatCount(result.updated)}</dd>
            </div>
            {showLinesConverted && (
              <div>
                <dt>Lines converted</dt>
                <dd data-testid={`${testId}-converted`}>{formatCount(result.linesConverted)}</dd>
              </div>
            )}
            <div>
              <dt>Rows skipped</dt>
              <dd className={result.problems.length ? 'admin-result--warning' : undefined}>{formatCount(result.problems.length)}</dd>
            </div>
          </dl>
          {result.problems.length > 0 && (
            <div className="alert alert--warning" data-testid={`${testId}-problems`}>
              <Icon name="alert" size={16} />
              <ul className="alert__list">
                {result.problems.map((problem, index) => (
                  <li key={`${index}-${problem}`}>{problem}</li>
                ))}
              </ul>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
