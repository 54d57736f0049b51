import type { Resolvers } from '../generated/graphql.js';
import { authResolvers } from '../modules/auth/auth.resolvers.js';
import { categoriesResolvers } from '../modules/categories/categories.resolvers.js';
import { contractsResolvers } from '../modules/contracts/contracts.resolvers.js';
import { organisationResolvers } from '../modules/organisation/organisation.resolvers.js';
import { spendResolvers } from '../modules/spend/spend.resolvers.js';
import { suppliersResolvers } from '../modules/suppliers/suppliers.resolvers.js';
import { scalarResolvers } from './scalars.js';
import { viewsResolvers } from '../modules/views/views.resolvers.js';
import { importsResolvers } from '../modules/imports/imports.resolvers.js';
import { classificationResolvers } from '../modules/classification/classification.resolvers.js';
import { mergesResolvers } from '../modules/suppliers/merges.resolvers.js';
import { referenceResolvers } from '../modules/reference/reference.resolvers.js';
import { settingsResolvers } from '../modules/settings/settings.resolvers.js';
import { opportunitiesResolvers } from '../modules/opportunities/opportunities.resolvers.js';
import { usersResolvers } from '../modules/users/users.resolvers.js';
import { auditResolvers } from '../modules/audit/audit.resolvers.js';
import { taxonomyResolvers } from '../modules/taxonomy/taxonomy.resolvers.js';
import { subscriptionsResolvers } from '../modules/subscriptions/subscriptions.resolvers.js';

const modules: Resolvers[] = [authResolvers, spendResolvers, suppliersResolvers, categoriesResolvers, organisationResolvers, contractsResolvers, viewsResolvers, importsResolvers, classificationResolvers, mergesResolvers, referenceResolvers, settingsResolvers, opportunitiesResolvers, usersResolvers, auditResolvers, taxonomyResolvers, subscriptionsResolvers];

/** Merges the per-module resolver maps (one file per domain) into one. */
export function buildResolvers(): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {
    Query: { ping: () => true },
    Mutation: { noop: () => null },
  };
  for (const m of modules) {
    for (const [type, fields] of Object.entries(m)) merged[type] = { ...(merged[type] ?? {}), ...(fields as Record<string, unknown>) };
  }
  return { ...merged, ...scalarResolvers } as Resolvers;
}
