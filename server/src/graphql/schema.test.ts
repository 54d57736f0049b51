import { buildSchema, isEnumType, isInputObjectType, isObjectType, isScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadTypeDefs } from './schema.js';

describe('schema/*.graphql', () => {
  it('describes every type, field, argument, input field and enum value (the descriptions are the API reference)', () => {
    const schema = buildSchema(loadTypeDefs().join('\n'));
    const missing: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith('__') || (isScalarType(type) && ['String', 'Int', 'Float', 'Boolean', 'ID'].includes(type.name))) continue;
      if (!type.description && !['Query', 'Mutation'].includes(type.name)) missing.push(type.name);
      // `filter`, `page` and `id` arguments are exempt: they are everywhere, and their input types are described.
      if (isObjectType(type) || isInputObjectType(type)) {
        for (const field of Object.values(type.getFields())) {
          if (!field.description) missing.push(`${type.name}.${field.name}`);
          for (const arg of 'args' in field ? field.args : []) if (!arg.description && !['filter', 'page', 'id'].includes(arg.name)) missing.push(`${type.name}.${field.name}(${arg.name})`);
        }
      }
      if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
    }
    expect(missing).toEqual([]);
  });
});
