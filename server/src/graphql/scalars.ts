import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isValidDate } from '../modules/spend/spend-filter.js';

const DECIMAL_RE = /^-?\d{1,20}(\.\d{1,10})?$/;

/** Store timestamps are UTC without a zone (`2026-11-21 06:00:00.123`); the API speaks ISO 8601 with `Z`. */
function isoDateTime(value: unknown): string {
  const text = String(value);
  const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/.exec(text);
  return m ? `${m[1]}T${m[2]}Z` : text;
}

function scalar(name: string, description: string, check: (value: string) => boolean, expected: string, serialize: (value: unknown) => string = String) {
  const parse = (value: unknown) => {
    if (typeof value !== 'string' || !check(value)) {
      throw new GraphQLError(`${name} must be ${expected}.`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
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
  Decimal: scalar('Decimal', 'Exact decimal as a string.', (v) => DECIMAL_RE.test(v), 'a decimal number written as a string, e.g. "12.50"'),
  Date: scalar('Date', 'ISO date.', isValidDate, 'a date written as YYYY-MM-DD'),
  DateTime: scalar('DateTime', 'ISO date-time.', (v) => !Number.isNaN(Date.parse(v)), 'an ISO 8601 date-time', isoDateTime),
};
