/** The first line of an error's message: what logs say of a failure, never its stack or the SQL after it. */
export function firstLine(error: unknown): string {
  return String((error as Error)?.message ?? error).split('\n')[0];
}
