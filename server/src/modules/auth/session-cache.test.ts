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

  it('keeps an expired entry as stale for `staleMs` more, to answer while the session is read again', () => {
    const cache = new SessionCache(5_000, 10, 5_000);
    cache.set('a1', user(1), 0, 0);
    expect(cache.stale('a1', 5_000)).toBeNull(); // still fresh
    expect(cache.get('a1', 7_000)).toBeNull();
    expect(cache.stale('a1', 7_000)?.user.id).toBe(1);
    expect(cache.stale('a1', 10_000)?.user.id).toBe(1);
    expect(cache.stale('a1', 10_001)).toBeNull();
  });

  it('reads a stale session again once at a time, and forgets it when the read fails', async () => {
    const cache = new SessionCache(5_000, 10, 5_000);
    cache.set('a1', user(1), 0, 0);
    let reads = 0;
    let finish: (ok: boolean) => void = () => {};
    const read = () => {
      reads++;
      return new Promise<void>((resolve, reject) => {
        finish = (ok) => (ok ? resolve() : reject(new Error('store closing')));
      });
    };
    cache.refreshOnce('a1', read);
    cache.refreshOnce('a1', read); // a second request while the first read runs
    expect(reads).toBe(1);
    finish(false);
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.stale('a1', 7_000)).toBeNull(); // the failed read removed it: the next request reads it itself
    cache.refreshOnce('a1', read); // and a later refresh may run again
    expect(reads).toBe(2);
    finish(true);
  });
});
