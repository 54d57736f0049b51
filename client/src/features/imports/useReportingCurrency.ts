import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql';

// ImportBatch amounts in the reporting currency carry no currency code; the cube says which it is.
// The impossible date range keeps the query empty and cheap.
const ReportingCurrencyQuery = graphql(`
  query ReportingCurrency {
    spendCube(query: { dimensions: [], measures: [SPEND], filter: { dateFrom: "1900-01-01", dateTo: "1900-01-01" }, limit: 1 }) {
      currency
    }
  }
`);

/** The organisation's reporting currency (ISO 4217), or null while it loads. */
export function useReportingCurrency(): string | null {
  const { data } = useQuery(ReportingCurrencyQuery);
  return data?.spendCube.currency ?? null;
}
