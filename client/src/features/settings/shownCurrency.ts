import { createContext, useContext, useState } from 'react';
import { useSettings } from './useSettings';

/**
 * The currency a screen's figures are in: the one its answer names (`currency` of the summary,
 * cube or list, which is the filter's display currency), provided by the screen for the tables
 * and charts whose own answers carry no currency. Unprovided, the reporting currency
 * (docs/domain.md, "Display currency").
 */
export const ShownCurrencyContext = createContext<string | null>(null);

export function useShownCurrency(): string {
  const shown = useContext(ShownCurrencyContext);
  const { reportingCurrency } = useSettings();
  return shown ?? reportingCurrency;
}

/**
 * The currency of an answer whose fields do not name it (the suppliers list): the filter's
 * display currency once `answered` (data for this filter is in), and until then the currency of
 * the answer still on screen, so a previous page is never read in the currency just chosen.
 */
export function useAnsweredCurrency(displayCurrency: string | null | undefined, answered: boolean): string {
  const { reportingCurrency } = useSettings();
  const asked = displayCurrency ?? reportingCurrency;
  const [shown, setShown] = useState(asked);
  // Adjusting state while rendering (as React recommends over an effect) once the answer is in.
  if (answered && shown !== asked) setShown(asked);
  return answered ? asked : shown;
}
