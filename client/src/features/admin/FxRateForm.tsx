import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { describeApiError } from '../../apollo/errors';
import { FormActions } from '../../components/FormActions';
import { Hint } from '../../components/Hint';
import { formatCountOf, formatMonth, formatRate } from '../../format/numbers';
import { useSetFxRate } from './adminMutations';

const currencyPattern = /^[A-Za-z]{3}$/;
const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;
const ratePattern = /^\d{1,12}(\.\d{1,6})?$/;

/** Which rate the form starts from: an existing one to change, or a blank one. */
export interface FxRateDraft {
  currency: string;
  /** YYYY-MM. */
  month: string;
  rate: string;
  /** The listed rate's version, when a listed rate is changed. */
  version?: number;
}

/**
 * Adds or replaces one month's rate (docs/domain.md, "FX"). The server converts that month's lines
 * again in the same transaction and says how many; this says it back.
 */
export function FxRateForm({ draft, reportingCurrency, versionOf, onStale, onClose }: {
  draft: FxRateDraft;
  reportingCurrency: string;
  /** The version of a month's rate as listed now (0 when none is). */
  versionOf(currency: string, month: string): number;
  /** The month's rate changed since it was listed: read the list again. */
  onStale(): void;
  onClose(): void;
}) {
  const ids = useId();
  const [currency, setCurrency] = useState(draft.currency);
  const [month, setMonth] = useState(draft.month);
  const [rate, setRate] = useState(draft.rate);
  // The version of the rate this form replaces, taken when the rate was shown (opened, or its
  // currency and month typed), not when saving: a rate someone else set in between is then a
  // CONFLICT, never overwritten unseen.
  const [seenVersion, setSeenVersion] = useState(() => draft.version ?? versionOf(draft.currency, draft.month));
  const changeCurrency = (value: string) => {
    setCurrency(value.toUpperCase());
    setSeenVersion(versionOf(value.trim().toUpperCase(), month));
  };
  const changeMonth = (value: string) => {
    setMonth(value);
    setSeenVersion(versionOf(currency.trim().toUpperCase(), value));
  };
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [setFxRate, { loading }] = useSetFxRate();
  const first = useRef<HTMLInputElement>(null);
  const rateInput = useRef<HTMLInputElement>(null);

  // Editing a listed rate starts at its value; a new one at the currency.
  useEffect(() => {
    (draft.rate ? rateInput : first).current?.focus();
  }, [draft]);

  const problems: string[] = [];
  if (!currencyPattern.test(currency.trim())) problems.push('A currency is a 3-letter ISO 4217 code, e.g. USD.');
  if (!monthPattern.test(month)) problems.push('Choose the month the rate is for.');
  if (!ratePattern.test(rate.trim()) || Number(rate) <= 0) problems.push(`The rate is ${reportingCurrency} per 1 unit: a positive number with at most 6 decimals.`);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (problems.length) return;
    setError(null);
    setDone(null);
    try {
      const { data } = await setFxRate({ variables: { input: { currency: currency.trim().toUpperCase(), month: `${month}-01`, rate: rate.trim(), version: seenVersion } } });
      const r = data!.setFxRate;
      setSeenVersion(r.rate.version);
      setDone(
        `${r.replaced ? 'Replaced' : 'Added'} the ${r.rate.currency} rate for ${formatMonth(r.rate.month.slice(0, 7))}: ${formatRate(r.rate.rateToReporting)} ${reportingCurrency}. ` +
          `${formatCountOf(r.linesConverted, 'line was', 'lines were')} converted again.`,
      );
    } catch (e) {
      const info = describeApiError(e);
      setError(info.message);
      // The message says what the rate is now; the list shows it, and a second save replaces it knowingly.
      if (info.code === 'CONFLICT') {
        if (info.currentVersion != null) setSeenVersion(info.currentVersion);
        onStale();
      }
    }
  }

  return (
    <form className="admin-form" onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${ids}-title`} data-testid="fx-rate-form" noValidate>
      <h3 className="card__title" id={`${ids}-title`}>
        {draft.rate ? `Change the ${draft.currency} rate for ${formatMonth(draft.month)}` : 'Set a rate'}
      </h3>
      <div className="admin-form__grid">
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-currency`}>
            Currency
          </label>
          <input ref={first} id={`${ids}-currency`} className="input" value={currency} onChange={(event) => changeCurrency(event.target.value)} maxLength={3} autoComplete="off" data-testid="fx-rate-currency" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-month`}>
            Month
          </label>
          <input id={`${ids}-month`} className="input" type="month" value={month} onChange={(event) => changeMonth(event.target.value)} data-testid="fx-rate-month" />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${ids}-rate`}>
            {reportingCurrency} per 1 unit
          </label>
          <input ref={rateInput} id={`${ids}-rate`} className="input" inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} aria-describedby={`${ids}-rate-hint`} data-testid="fx-rate-value-input" />
          <Hint id={`${ids}-rate-hint`}>Up to 6 decimals. The month’s lines are converted again at once.</Hint>
        </div>
      </div>
      {done && (
        <p className="alert alert--success" role="status" data-testid="fx-rate-done">
          {done}
        </p>
      )}
      <FormActions error={error} errorTestId="fx-rate-error" saving={loading} saveLabel="Set rate" saveTestId="fx-rate-save" blocked={problems.length > 0} hint={problems[0] ?? null} onCancel={onClose} />
    </form>
  );
}
