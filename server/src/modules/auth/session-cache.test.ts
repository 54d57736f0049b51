import { describe, expect, it } from 'vitest';
import type { UserRecord } from '../../core/viewer.js';
import { SessionCache } from './auth.service.js';

const user = (id: number): UserRecord => ({
  id, email: `u${id}@x.test`, name: `U${id}`, role: 'ANALYST', scopeCategoryIds: [], scopeBusinessUnitIds: [],
  disabledAt: null, passwordSet: true, version: 1, createdAt: '', updatedAt: '',
});

describe('SessionCache', () => {
  it('forgets every session of a user at once, and no other user’s', () => {
    const cache = new SessionCache(5_000);
    cache.set('a1', user(1), 0, 0);
    cache.set('a2', user(1), 0, 0);
    cache.set('b1', user(2), 0, 0);
    cache.forgetUser(1);
    expect([cache.get('a1', 1), cache.get('a2', 1)]).toEqual([null, null]);
    expect(cache.get('b1', 1)?.user.id).toBe(2);
  });

  it('does not keep a look-up that began before the user was forgotten (it may have read the old account)', () => {
    const cache = new SessionCache(5_000);
    const begun = cache.begin();
    cache.forgetUser(1); // e.g. the user was disabled while the look-up ran
    cache.set('a1', user(1), 0, 0, begun);
    expect(cache.get('a1', 1)).toBeNull();
    const later = cache.begin();
    cache.set('a1', user(1), 0, 0, later);
    expect(cache.get('a1', 1)?.user.id).toBe(1);
  });

  it('expires entries after its time to live', () => {
    const cache = new SessionCache(5_000);
    cache.set('a1', user(1), 0, 0);
    expect(cache.get('a1', 5_000)).not.toBeNull();
    expect(cache.get('a1', 5_001)).toBeNull();
  });
});
