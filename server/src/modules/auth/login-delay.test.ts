import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { Store } from '../../store/store.js';
import { AuthService } from './auth.service.js';

describe('login delays (docs/security.md)', () => {
  const config = loadConfig({});
  // The delay is pure arithmetic on the config: no store is touched.
  const auth = new AuthService(null as unknown as Store, config);

  it('are free for the first failures, then double from the base up to the cap', () => {
    const delays = Array.from({ length: 12 }, (_, failures) => auth.loginDelaySeconds(failures));
    expect(delays.slice(0, config.loginFreeFailures)).toEqual(Array(config.loginFreeFailures).fill(0));
    const growing = delays.slice(config.loginFreeFailures);
    expect(growing[0]).toBe(config.loginDelayBaseSeconds);
    for (let i = 1; i < growing.length; i++) {
      expect(growing[i]).toBe(Math.min(config.loginDelayMaxSeconds, growing[i - 1] * 2));
    }
    expect(auth.loginDelaySeconds(10_000)).toBe(config.loginDelayMaxSeconds);
  });
});
