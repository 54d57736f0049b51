import type { Request } from 'express';
import { coerceInputValue, type GraphQLInputType } from 'graphql';
import { badInput } from '../errors.js';

/** Parses a JSON query parameter and coerces it exactly as GraphQL would coerce the same input type. */
export function inputParam<T>(req: Request, name: string, type: GraphQLInputType, required: boolean): T | null {
  const raw = req.query[name];
  if (raw === undefined || raw === '') {
    if (required) throw badInput(name, `The ${name} parameter is required.`);
    return null;
  }
  if (typeof raw !== 'string' || raw.length > 100_000) throw badInput(name, `The ${name} parameter must be one JSON value.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw badInput(name, `The ${name} parameter is not valid JSON.`);
  }
  return coerceInputValue(parsed, type, (path, _value, error) => {
    throw badInput([name, ...path].join('.'), `${name}${path.length ? '.' + path.join('.') : ''}: ${error.message}`);
  }) as T;
}
