import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { realDateProblem } from '../core/spend-filter.js';

const DECIMAL_RE = /^-?\d{1,20}(\.\d{1,10})?$/;

/** Store timestamps are UTC without a zone (`2026-11-21 06:00:00.123`); the API speaks ISO 8601 with `Z`. */
function isoDateTime(value: unknown): string {
  const text = String(value);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(text);
  return m ? `${m[1]}T${m[2]}Z` : text;
}

/** `problem` says what is wrong with a value (e.g. "is not a real date"), or null when it is fine. */
function scalar(name: string, description: string, problem: (value: string) => string | null, serialize: (value: unknown) => string = String) {
  const parse = (value: unknown) => {
    const wrong = typeof value === 'string' ? problem(value) : 'must be given as a string';
    if (wrong) {
      const shown = typeof value === 'string' ? ` "${value.slice(0, 40)}"` : '';
      throw new GraphQLError(`${name}${shown} ${wrong}.`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value as string;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize,
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const scalarResolvers = {
  Decimal: scalar('Decimal', 'Exact decimal as a string.', (v) => (DECIMAL_RE.test(v) ? null : 'must be a decimal number written as a string, e.g. "12.50"')),
  Date: scalar('Date', 'ISO date.', realDateProblem),
  DateTime: scalar('DateTime', 'ISO date-time.', (v) => (Number.isNaN(Date.parse(v)) ? 'must be an ISO 8601 date-time' : null), isoDateTime),
};
