import { describe, expect, it } from 'vitest';
import { StatementGate } from './request-store.js';
import { StoreCancelledError } from './store.js';

describe('StatementGate (docs/request-limits.md)', () => {
  it('lets a key run its share at once, queues the rest in order, and never holds back another key', async () => {
    const gate = new StatementGate(2);
    const a1 = await gate.enter('a', 's');
    const a2 = await gate.enter('a', 's');
    const order: string[] = [];
    const a3 = gate.enter('a', 's').then((release) => (order.push('a3'), release));
    const a4 = gate.enter('a', 's').then((release) => (order.push('a4'), release));
    const b1 = await gate.enter('b', 's'); // another user is not queued behind a
    expect(gate.running('a')).toBe(2);
    expect(gate.running('b')).toBe(1);
    a1();
    (await a3)();
    a2();
    (await a4)();
    b1();
    expect(order).toEqual(['a3', 'a4']);
    expect(gate.running('a')).toBe(0);
  });

  it('takes a waiter out of the queue when its signal aborts, with the reason', async () => {
    const gate = new StatementGate(1);
    const first = await gate.enter('a', 's');
    const controller = new AbortController();
    const waiting = gate.enter('a', 's', controller.signal);
    const reason = new Error('time');
    controller.abort(reason);
    await expect(waiting).rejects.toBeInstanceOf(StoreCancelledError);
    await expect(waiting).rejects.toMatchObject({ reason });
    first();
    expect(gate.running('a')).toBe(0);
    await expect(gate.enter('a', 's', controller.signal)).rejects.toBeInstanceOf(StoreCancelledError);
  });
});
