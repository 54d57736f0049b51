import { skipToken, useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { graphql } from '../gql';
import { useSessionRole } from '../features/session/SessionContext';

/** The currencies the FX table has rates for (ADMIN and FINANCE may read the table). */
const DisplayCurrencyRatesDocument = graphql(`
  query DisplayCurrencyRates {
    fxRates {
      id
      currency
    }
  }
`);

/**
 * The source currencies of the lines in the caller's scope, for the roles that may not read the
 * FX table: every line's currency is converted through it, so these are the ones it holds for them.
 */
const DisplayCurrencySourcesDocument = graphql(`
  query DisplayCurrencySources {
    spendCube(query: { dimensions: [CURRENCY], measures: [LINE_COUNT], limit: 1000 }) {
      rows {
        keys {
          dimension
          id
        }
      }
    }
  }
`);

/**
 * The currencies the filter bar offers to show figures in (docs/domain.md, "Display currency"):
 * the reporting currency first, then the others alphabetically. `currencies` is null while they
 * load or when the look-up failed (the bar then offers the reporting currency and the URL's).
 * `skip` leaves them unasked on screens that show no currency choice.
 */
export function useDisplayCurrencies(reportingCurrency: string, skip = false): { currencies: string[] | null; loading: boolean } {
  const role = useSessionRole();
  const readsTable = role === 'ADMIN' || role === 'FINANCE';
  const rates = useQuery(DisplayCurrencyRatesDocument, skip || !readsTable ? skipToken : {});
  const sources = useQuery(DisplayCurrencySourcesDocument, skip || readsTable ? skipToken : {});
  const codes = useMemo(() => {
    if (readsTable) return rates.data ? rates.data.fxRates.map((rate) => rate.currency) : null;
    return sources.data ? sources.data.spendCube.rows.map((row) => row.keys[0]?.id ?? '').filter(Boolean) : null;
  }, [readsTable, rates.data, sources.data]);
  const currencies = useMemo(
    () => (codes ? [reportingCurrency, ...[...new Set(codes.map((code) => code.toUpperCase()))].filter((code) => code !== reportingCurrency).sort()] : null),
    [codes, reportingCurrency],
  );
  const loading = !skip && (readsTable ? rates.loading : sources.loading);
  return { currencies, loading };
}
