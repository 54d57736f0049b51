/** A part of a whole as a fraction for display; null when the whole is missing or zero. */
export function ratioOf(part: string | null, whole: string | null): number | null {
  if (part === null || whole === null) return null;
  const w = Number(whole);
  return w === 0 ? null : Number(part) / w;
}
