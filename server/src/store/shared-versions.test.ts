import { describe, expect, it } from 'vitest';
import { sharedChanges } from './shared-versions.js';

describe('what other processes must hear of after a statement', () => {
  it('spend lines move spend and figures; a bulk load of them too', () => {
    expect(sharedChanges('UPDATE spend_lines SET category_id = $1 WHERE id = $2')).toEqual(['spend', 'figures']);
    expect(sharedChanges(null)).toEqual(['spend', 'figures']);
  });

  it('categories and business units move the directory as well as figures', () => {
    expect(sharedChanges('INSERT INTO categories (id, name) VALUES ($1, $2)')).toEqual(['figures', 'directory']);
    expect(sharedChanges('COPY business_units')).toEqual(['figures', 'directory']);
  });

  it('users and scopes move auth; of sessions only an ended one does', () => {
    expect(sharedChanges('UPDATE users SET disabled_at = $1 WHERE id = $2')).toContain('auth');
    expect(sharedChanges('DELETE FROM user_scopes WHERE user_id = $1')).toContain('auth');
    expect(sharedChanges('DELETE FROM sessions WHERE token_hash = $1')).toEqual(['auth']);
    expect(sharedChanges('UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2')).toEqual([]);
    expect(sharedChanges('INSERT INTO sessions (token_hash, user_id) VALUES ($1, $2)')).toEqual([]);
  });

  it('reads, the audit log and the counters themselves move nothing', () => {
    expect(sharedChanges('SELECT * FROM spend_lines')).toEqual([]);
    expect(sharedChanges('INSERT INTO audit_events (action) VALUES ($1)')).toEqual([]);
    expect(sharedChanges('UPDATE shared_versions SET value = value + 1 WHERE name IN ($1)')).toEqual([]);
  });
});
