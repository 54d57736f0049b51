import { asOfDate, type Config } from '../../config.js';
import type { Resolvers, Settings } from '../../generated/graphql.js';

/**
 * The part of the server's config the console needs. Listed field by field so that a new
 * Config entry (a cookie flag, a database path) never reaches clients by accident.
 */
export function settingsFor(config: Config): Settings {
  return {
    reportingCurrency: config.reportingCurrency,
    fiscalYearStartMonth: config.fiscalYearStartMonth,
    asOfDate: asOfDate(config),
    expiryWarningDays: config.expiryWarningDays,
    pageDefault: config.pageDefault,
    pageMax: config.pageMax,
    cubeDefaultRows: config.cubeDefaultRows,
    cubeMaxRows: config.cubeMaxRows,
    importMaxBytes: config.importMaxBytes,
    tailSpendPercent: config.tailSpendPercent,
    fragmentationSuppliers: config.fragmentationSuppliers,
    fragmentationPercent: config.fragmentationPercent,
    priceBenchmarkPercentile: config.priceBenchmarkPercentile,
    priceVarianceMinLines: config.priceVarianceMinLines,
  };
}

export const settingsResolvers: Resolvers = {
  Query: {
    settings: (_p, _a, ctx) => {
      // Any role may read them, but only once signed in.
      ctx.data.viewer();
      return settingsFor(ctx.data.config);
    },
  },
};
