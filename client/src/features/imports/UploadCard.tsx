import { useId, useRef, useState, type DragEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../components/Icon';
import { formatCount } from '../../format/numbers';
import { acceptedImportExtensions } from './importLabels';
import { ImportUploadError, uploadImportFile } from './uploadImportFile';
import { Button } from '../../components/Button';
import { buttonClassName } from '../../components/buttonClass';
import { Hint } from '../../components/Hint';

function hasAcceptedExtension(name: string): boolean {
  const lower = name.toLowerCase();
  return acceptedImportExtensions.some((extension) => lower.endsWith(extension));
}

function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`;
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

interface UploadFailure {
  message: string;
  batchId: string | null;
}

/** Source name, a file (dropped or picked), and an upload with real progress; then the batch opens. */
export function UploadCard({ sourceNames, onUploaded, onFailed }: {
  sourceNames: readonly string[];
  onUploaded: (batchId: string) => void;
  /** A refused file still made a FAILED batch (`batchId`): the history should show it now. */
  onFailed?: (batchId: string) => void;
}) {
  const ids = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [sourceName, setSourceName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<UploadFailure | null>(null);
  const uploading = progress !== null;

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    setFailure(null);
    if (!hasAcceptedExtension(candidate.name)) {
      setFile(null);
      setFailure({ message: `${candidate.name} is not a file Spendscope imports. Choose a ${acceptedImportExtensions.join(', ')} file.`, batchId: null });
      return;
    }
    setFile(candidate);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (!uploading) choose(event.dataTransfer.files[0]);
  }

  async function upload() {
    if (!file || !sourceName.trim()) return;
    setFailure(null);
    setProgress(0);
    try {
      const batchId = await uploadImportFile(file, sourceName.trim(), setProgress);
      onUploaded(batchId);
    } catch (error) {
      setFailure(
        error instanceof ImportUploadError
          ? { message: error.message, batchId: error.batchId }
          : { message: 'The upload failed. Try again in a moment.', batchId: null },
      );
      setProgress(null);
      if (error instanceof ImportUploadError && error.batchId) onFailed?.(error.batchId);
    }
  }

  const canUpload = Boolean(file && sourceName.trim()) && !uploading;
  const percent = Math.round((progress ?? 0) * 100);

  return (
    <section className="card upload-card" aria-labelledby={`${ids}-title`} data-testid="upload-card">
      <div className="card__header">
        <h2 className="card__title" id={`${ids}-title`}>
          Upload a spend file
        </h2>
        <p className="card__subtitle">
          CSV, TSV or text (comma, semicolon or tab separated), Excel workbooks and Open Contracting JSON. Columns are
          detected, and mapped as last time for a source Spendscope has seen before.
        </p>
      </div>
      <form
        className="upload-card__form"
        onSubmit={(event) => {
          event.preventDefault();
          void upload();
        }}
      >
        <div className="field upload-card__source">
          <label className="field__label" htmlFor={`${ids}-source`}>
            Source
          </label>
          <input
            id={`${ids}-source`}
            className="input"
            list={`${ids}-sources`}
            value={sourceName}
            onChange={(event) => setSourceName(event.target.value)}
            placeholder="e.g. Oxford City Council"
            maxLength={200}
            autoComplete="off"
            required
            disabled={uploading}
            data-testid="upload-source"
            aria-describedby={`${ids}-source-hint`}
          />
          <Hint id={`${ids}-source-hint`}>
            The publisher or system the file comes from. Column mappings are remembered per source.
          </Hint>
          <datalist id={`${ids}-sources`}>
            {sourceNames.map((name) => (
              <option key={name} value={name} />
            ))}
          </datalist>
        </div>
        <div
          className={`dropzone ${dragging ? 'dropzone--active' : ''} ${file ? 'dropzone--chosen' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            if (!uploading) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-dropzone"
        >
          <span className="dropzone__icon" aria-hidden="true">
            <Icon name="imports" size={22} />
          </span>
          {file ? (
            <p className="dropzone__text">
              <strong data-testid="upload-file-name">{file.name}</strong>
              <span className="dropzone__meta">{formatFileSize(file.size)}</span>
            </p>
          ) : (
            <p className="dropzone__text">
              <strong>Drop a file here</strong>
              <span className="dropzone__meta">{acceptedImportExtensions.join(' · ')}, or choose one</span>
            </p>
          )}
          <input
            ref={inputRef}
            id={`${ids}-file`}
            className="visually-hidden"
            type="file"
            accept={acceptedImportExtensions.join(',')}
            disabled={uploading}
            onChange={(event) => {
              choose(event.target.files?.[0]);
              event.target.value = '';
            }}
            data-testid="upload-file-input"
          />
          <label htmlFor={`${ids}-file`} className={buttonClassName({ size: 'small', disabled: uploading }, 'dropzone__pick')}>
            {file ? 'Choose another file' : 'Choose a file'}
          </label>
        </div>
        {uploading && (
          <div className="import-bar" data-testid="upload-progress">
            <div className="import-bar__label">
              <span>Uploading {file?.name}…</span>
              <span className="import-bar__figure">{percent}%</span>
            </div>
            <div className="import-bar__track" role="progressbar" aria-label="Upload import-bar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span className="import-bar__fill" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
        {failure && (
          <div className="alert alert--error" role="alert" data-testid="upload-error">
            <Icon name="alert" size={16} />
            <span>
              {failure.message}
              {failure.batchId && (
                <>
                  {' '}
                  <Link to={`/imports/${failure.batchId}`}>See the failed batch</Link>.
                </>
              )}
            </span>
          </div>
        )}
        <div className="upload-card__actions">
          <Button busy={uploading} busyLabel="Uploading…" type="submit" variant="primary" disabled={!canUpload} data-testid="upload-submit">
            Upload and detect columns
          </Button>
          {!sourceName.trim() && file && <span className="upload-card__hint">Name the source to upload.</span>}
        </div>
      </form>
    </section>
  );
}
