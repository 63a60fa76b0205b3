import { describe, expect, it } from 'vitest';
import { throttleIdentity } from './throttle.service.ts';

describe('throttle identity', () => {
  it('puts look-alike spellings of one address in the same bucket', () => {
    const base = throttleIdentity('admin@example.com');
    for (const variant of ['Admin@Example.com', ' admin@example.com ', 'аdmin@example.com', 'ａｄｍｉｎ@example.com', 'ad\u200bmin@example.com', 'ádmin@exámple.com', 'admin@еxample.com']) {
      expect(throttleIdentity(variant), variant).toBe(base);
    }
    expect(throttleIdentity('other@example.com')).not.toBe(base);
  });
});
