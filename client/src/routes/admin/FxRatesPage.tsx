import { useQuery } from '@apollo/client/react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useSearchParams } from '../../filters/useSearchParams';
import { KpiTile } from '../../components/KpiTile';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, SkeletonRows } from '../../components/StatusViews';
import { Button } from '../../components/Button';
import { FxRateForm, type FxRateDraft } from '../../features/admin/FxRateForm';
import { FxRatesTable, FxRatesTableRateFragment } from '../../features/admin/FxRatesTable';
import { ReferenceImportCard } from '../../features/admin/ReferenceImportCard';
import { useSettings } from '../../features/settings/useSettings';
import { formatCount } from '../../format/numbers';
import { getFragmentData, graphql } from '../../gql';

const FxRatesPageQuery = graphql(`
  query FxRatesPage {
    fxRates {
      ...FxRatesTable_rate
    }
    linesWithoutFxRate
  }
`);

/** `/admin/fx-rates`: monthly rates, lines still waiting for one, and a CSV import. */
export function FxRatesPage() {
  const ids = useId();
  const { reportingCurrency } = useSettings();
  const [params, setParams] = useSearchParams();
  const currency = params.get('currency') ?? '';
  const { data, previousData, loading, error, refetch } = useQuery(FxRatesPageQuery, { fetchPolicy: 'cache-and-network' });
  const view = data ?? previousData;
  const allRates = view?.fxRates ?? [];
  const currencies = [...new Set(allRates.map((rate) => getFragmentData(FxRatesTableRateFragment, rate).currency))].sort();
  // All rates are a few hundred rows at most: filter here so the currency list stays complete.
  const rates = currency ? allRates.filter((rate) => getFragmentData(FxRatesTableRateFragment, rate).currency === currency) : allRates;
  const missing = view?.linesWithoutFxRate ?? 0;
  const versionOf = (code: string, month: string) =>
    allRates.map((rate) => getFragmentData(FxRatesTableRateFragment, rate)).find((rate) => rate.currency === code && rate.month.startsWith(month))?.version ?? 0;
  // One rate at a time: a blank one, or a listed one to change (keyed so the form starts afresh).
  const [draft, setDraft] = useState<(FxRateDraft & { key: number }) | null>(null);
  const edit = (rate: { currency: string; month: string; rateToReporting: string; version: number }) =>
    setDraft({ currency: rate.currency, month: rate.month.slice(0, 7), rate: rate.rateToReporting, version: rate.version, key: Date.now() });

  return (
    <main className="page" data-testid="admin-fx-page">
      <PageHeader
        title="FX rates"
        description={`Monthly rates into the reporting currency (${reportingCurrency}). A line is converted at the rate of its month.`}
      />

      {missing > 0 && (
        <div className="kpi-grid">
          <KpiTile
            label="Lines without an FX rate"
            value={formatCount(missing)}
            tone="warning"
            footnote="These lines have no reporting amount until their month’s rate is imported."
            testId="lines-without-fx"
          />
        </div>
      )}

      <ReferenceImportCard
        title="Import rates"
        endpoint="/api/fx-rates"
        showLinesConverted
        testId="fx-import"
        description={
          <>
            A CSV with the header <code>currency,month,rate</code>: month as YYYY-MM or YYYY-MM-DD, rate as {reportingCurrency} per 1 unit. A rate for
            a month that already has one replaces it, and the lines of that month are converted again.
          </>
        }
        onImported={() => void refetch()}
      />

      <section className="card admin-card" aria-labelledby={`${ids}-rates`}>
        <div className="admin-card__header">
          <div className="card__header">
            <h2 className="card__title" id={`${ids}-rates`}>
              Current rates
            </h2>
            <p className="card__subtitle">{view ? `${formatCount(rates.length)} monthly ${rates.length === 1 ? 'rate' : 'rates'}, newest month first` : 'Newest month first'}</p>
          </div>
          <div className="field admin-inline-field">
            <label className="field__label" htmlFor={`${ids}-currency`}>
              Currency
            </label>
            <select
              id={`${ids}-currency`}
              className="input input--select"
              value={currency}
              onChange={(event) => setParams(event.target.value ? { currency: event.target.value } : {}, { replace: true })}
              data-testid="fx-currency-filter"
            >
              <option value="">All currencies</option>
              {currencies.map((code) => (
                <option key={code} value={code}>
                  {code}
                </option>
              ))}
            </select>
          </div>
          <Button onClick={() => setDraft({ currency, month: '', rate: '', key: Date.now() })} data-testid="fx-rate-new">
            Set a rate
          </Button>
        </div>
        {draft && (
          <FxRateForm
            key={draft.key}
            draft={draft}
            reportingCurrency={reportingCurrency}
            versionOf={versionOf}
            onStale={() => void refetch()}
            onClose={() => setDraft(null)}
          />
        )}
        {error && !view ? (
          <ErrorState error={error} title="The rates could not be loaded" onRetry={() => void refetch()} />
        ) : !view ? (
          <SkeletonRows count={6} />
        ) : rates.length === 0 ? (
          <EmptyState
            title={currency ? `No rates for ${currency}` : 'No FX rates yet'}
            text="Import a CSV of monthly rates above, or set one rate."
            action={currency ? <Link to="/admin/fx-rates">Show all currencies</Link> : undefined}
          />
        ) : (
          <div aria-busy={loading}>
            <FxRatesTable rates={rates} onEdit={edit} />
          </div>
        )}
      </section>
    </main>
  );
}
