import type { ApolloServerPlugin, GraphQLResponse } from '@apollo/server';
import { HeaderMap } from '@apollo/server';
import { Kind, type OperationDefinitionNode } from 'graphql';
import { asOfDate, type Config } from '../config.js';
import type { RequestContext } from '../context.js';
import { ResultCache } from '../core/result-cache.js';

/**
 * Root fields whose answer depends only on their arguments, the caller's role and data scope, the
 * as-of date and the data (docs/rollups.md, "Whole responses"). An operation made of nothing else
 * is answered from a whole earlier response when one exists: the overview and the explorer ask the
 * same few operations over and over, and once their figures are cached the time goes into
 * executing the same large result field by field.
 */
const FIGURE_FIELDS = new Set(['spendSummary', 'spendCube', 'categoryTree', 'savingsOpportunities', '__typename']);

function onlyFigures(operation: OperationDefinitionNode): boolean {
  return operation.operation === 'query'
    && operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && FIGURE_FIELDS.has(s.name.value));
}

/**
 * Keeps whole responses of figure-only queries in the result cache, keyed by the document, the
 * operation name, the variables, the caller's role and scope and the as-of date, and filed under
 * the data version read before the operation ran (so never older than an acknowledged write). A
 * response with any error is not kept. Off with the result cache (`SPENDSCOPE_RESULT_CACHE=false`).
 */
export function responseCachePlugin(config: Config): ApolloServerPlugin<RequestContext> {
  return {
    async requestDidStart() {
      if (!config.resultCache) return {};
      let key: string | null = null;
      let served = false;
      return {
        async responseForOperation({ operation, queryHash, request, contextValue }): Promise<GraphQLResponse | null> {
          const viewer = contextValue.data.signedIn;
          if (!viewer || !onlyFigures(operation)) return null;
          const cache = ResultCache.of(contextValue.data.store);
          key = cache.versioned(JSON.stringify([
            'response', queryHash, request.operationName ?? null, request.variables ?? {},
            viewer.user.role, viewer.scope.categoryIds, viewer.scope.businessUnitIds, asOfDate(config),
          ]));
          const data = cache.peek<Record<string, unknown>>(key);
          if (data === undefined) return null;
          served = true;
          return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
        },
        async willSendResponse({ response, contextValue }) {
          if (!key || served || response.body.kind !== 'single') return;
          const { data, errors } = response.body.singleResult;
          if (errors?.length || !data) return;
          ResultCache.of(contextValue.data.store).put(key, data);
        },
      };
    },
  };
}
