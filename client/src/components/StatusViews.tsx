import type { ReactNode } from 'react';
import { describeApiError } from '../apollo/errors';
import { Icon } from './Icon';
import { Button } from './Button';

export function Skeleton({ width, height = 16, className = '' }: { width?: number | string; height?: number | string; className?: string }) {
  return <span className={`skeleton ${className}`} style={{ width, height }} aria-hidden="true" />;
}

export function FullPageLoading() {
  return (
    <div className="full-page-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>Loading Spendscope…</span>
    </div>
  );
}

/** A failed request: what happened, and the request id support needs to find it in the logs. */
export function ErrorState({ error, title = 'Something went wrong', onRetry }: { error: unknown; title?: string; onRetry?: () => void }) {
  const info = describeApiError(error);
  return (
    <div className="state state--error" role="alert">
      <span className="state__icon">
        <Icon name="alert" size={22} />
      </span>
      <h2 className="state__title">{title}</h2>
      <p className="state__text">{info.message}</p>
      {info.requestId && (
        <p className="state__meta">
          Request id <code data-testid="request-id">{info.requestId}</code>
        </p>
      )}
      {onRetry && (
        <Button onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}

export function EmptyState({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <div className="state state--empty">
      <span className="state__icon">
        <Icon name="filter" size={22} />
      </span>
      <h2 className="state__title">{title}</h2>
      {text && <p className="state__text">{text}</p>}
      {action}
    </div>
  );
}
