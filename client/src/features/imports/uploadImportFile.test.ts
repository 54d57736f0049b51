import { describe, expect, it } from 'vitest';
import { uploadContentType } from './uploadImportFile';

describe('uploadContentType', () => {
  it('labels uploads by extension, never text/plain (the server refuses it on writes)', () => {
    expect(uploadContentType('Spend 2025.CSV')).toBe('text/csv');
    expect(uploadContentType('ledger.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(uploadContentType('lines.json')).toBe('application/json');
    expect(uploadContentType('notes.txt')).toBe('application/octet-stream');
    expect(uploadContentType('no-extension')).toBe('application/octet-stream');
  });
});
