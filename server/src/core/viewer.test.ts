import { describe, expect, it } from 'vitest';
import type { RoleName } from './viewer.js';
import { Viewer } from './viewer.js';

const user = (role: RoleName) =>
  new Viewer({ id: 1, email: 'a@b.c', name: 'A', role, scopeCategoryIds: [7], scopeBusinessUnitIds: [3], disabledAt: null, passwordSet: true, version: 1, createdAt: '', updatedAt: '' });

describe('Viewer', () => {
  it('scopes category managers to categories and viewers to business units only', () => {
    expect(user('CATEGORY_MANAGER').scope).toEqual({ categoryIds: [7], businessUnitIds: null });
    expect(user('VIEWER').scope).toEqual({ categoryIds: null, businessUnitIds: [3] });
    for (const role of ['ADMIN', 'FINANCE', 'ANALYST'] as const) {
      expect(user(role).scope).toEqual({ categoryIds: null, businessUnitIds: null });
    }
  });

  it('follows the permission table (docs/domain.md, who sees what)', () => {
    expect(user('VIEWER').can('explore')).toBe(false);
    expect(user('ANALYST').can('explore')).toBe(true);
    expect(user('FINANCE').can('import')).toBe(true);
    expect(user('CATEGORY_MANAGER').can('import')).toBe(false);
    expect(user('ADMIN').can('admin')).toBe(true);
    expect(() => user('ANALYST').require('admin')).toThrow(/may not administer/);
  });
});
