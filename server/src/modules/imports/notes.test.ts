import { describe, expect, it } from 'vitest';
import { notesAfter, noteText, type BatchNote } from './notes.js';

const advice: BatchNote = { text: 'Amounts are read as GBP; change it in the mapping step if wrong.', until: 'validate' };
const units: BatchNote = { text: 'Committing creates 2 new business units: “A”, “B”.', until: 'commit' };
const unmatched: BatchNote = { text: '3 rows name a category that matches none.', until: 'validate' };

describe('a batch’s notes through its steps', () => {
  it('validation replaces what the upload advised and what an earlier validation expected; the commit replaces what it announced', () => {
    const uploaded = notesAfter(null, null, 'Columns mapped as the last file from Oxford.', advice);
    const validated = notesAfter(uploaded, 'validate', 'Skipped 2 lines above the header row.', units, unmatched);
    expect((JSON.parse(validated) as BatchNote[]).map(noteText)).toEqual([
      'Columns mapped as the last file from Oxford.', 'Skipped 2 lines above the header row.', units.text, unmatched.text,
    ]);
    // Validating again with another mapping: the expectations are written anew, not kept beside the new ones.
    const again = notesAfter(validated, 'validate', 'Skipped 2 lines above the header row.', unmatched);
    expect((JSON.parse(again) as BatchNote[]).map(noteText)).toEqual(['Columns mapped as the last file from Oxford.', 'Skipped 2 lines above the header row.', unmatched.text]);
    const committed = notesAfter(validated, 'commit', 'The commit created 2 business units that were not in Spendscope before.');
    expect((JSON.parse(committed) as BatchNote[]).map(noteText)).toEqual([
      'Columns mapped as the last file from Oxford.', 'Skipped 2 lines above the header row.', unmatched.text, 'The commit created 2 business units that were not in Spendscope before.',
    ]);
    // A roll back only adds, and nulls (nothing to say) are skipped.
    expect((JSON.parse(notesAfter(committed, null, null, 'Rolling back removed 1 business unit.')) as BatchNote[]).length).toBe(5);
  });
});
