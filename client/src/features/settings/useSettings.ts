import { createContext, useContext } from 'react';
import { graphql } from '../../gql';
import type { SettingsQuery } from '../../gql/graphql';

export const SettingsDocument = graphql(`
  query Settings {
    settings {
      reportingCurrency
      fiscalYearStartMonth
      asOfDate
      expiryWarningDays
      pageDefault
      pageMax
      cubeDefaultRows
      cubeMaxRows
      importMaxBytes
      tailSpendPercent
      fragmentationSuppliers
      fragmentationPercent
      priceBenchmarkPercentile
      priceVarianceMinLines
    }
  }
`);

export type Settings = SettingsQuery['settings'];

export const SettingsContext = createContext<Settings | null>(null);

/**
 * The installation's settings: reporting currency, fiscal calendar, list limits. Loaded once per
 * session by `SettingsGate` before any screen renders, so every screen can count on them.
 */
export function useSettings(): Settings {
  const settings = useContext(SettingsContext);
  if (!settings) throw new Error('useSettings() is used outside <SettingsGate>');
  return settings;
}
