import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';
import { isValidDate } from '../modules/spend/spend-filter.js';

const DECIMAL_RE = /^-?\d{1,20}(\.\d{1,10})?$/;

function scalar(name: string, description: string, check: (value: string) => boolean, expected: string) {
  const parse = (value: unknown) => {
    if (typeof value !== 'string' || !check(value)) {
      throw new GraphQLError(`${name} must be ${expected}.`, { extensions: { code: 'BAD_USER_INPUT' } });
    }
    return value;
  };
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => String(value),
    parseValue: parse,
    parseLiteral: (ast) => parse(ast.kind === Kind.STRING ? ast.value : undefined),
  });
}

export const scalarResolvers = {
  Decimal: scalar('Decimal', 'Exact decimal as a string.', (v) => DECIMAL_RE.test(v), 'a decimal number written as a string, e.g. "12.50"'),
  Date: scalar('Date', 'ISO date.', isValidDate, 'a date written as YYYY-MM-DD'),
  DateTime: scalar('DateTime', 'ISO date-time.', (v) => !Number.isNaN(Date.parse(v)), 'an ISO 8601 date-time'),
};
