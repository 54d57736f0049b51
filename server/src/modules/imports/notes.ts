/**
 * A batch's notes (docs/imports.md, "Said before the commit"): what detection, validation, the
 * commit and a roll back found worth saying, stored as JSON on the batch. A note that a later step
 * writes anew says so (`until`): the upload's currency advice and what validation expects of the
 * commit go at the next validation; the business units it announces go at the commit, which says
 * what it did create. A plain string (and every note before this version) stays.
 */
export type BatchNote = string | { text: string; until: 'validate' | 'commit' };

/** The step that writes its notes anew; `null` (a roll back) only adds. */
type Step = 'validate' | 'commit' | null;

export const noteText = (note: BatchNote) => (typeof note === 'string' ? note : note.text);

function replacedBy(note: BatchNote, step: Step): boolean {
  if (typeof note === 'string' || step === null) return false;
  return step === 'validate' || note.until === 'commit';
}

/** The batch's notes (JSON) after `step`: those it does not replace, then `added` (nulls skipped), each text once. */
export function notesAfter(stored: string | null, step: Step, ...added: Array<BatchNote | null>): string {
  const notes = [...(JSON.parse(stored ?? '[]') as BatchNote[]).filter((note) => !replacedBy(note, step)), ...added.filter((n) => n !== null)];
  const seen = new Set<string>();
  const once = notes.filter((note) => {
    const text = noteText(note);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
  return JSON.stringify(once);
}
