/** A LIKE pattern for a case-insensitive substring search; `%`, `_` and `\` in input match literally (ESCAPE '\'). */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
