import { describe, expect, it } from 'vitest';
import { throttleIdentity, throttleNetwork } from './throttle.service.ts';

describe('throttle identity', () => {
  it('puts look-alike spellings of one address in the same bucket', () => {
    const base = throttleIdentity('admin@example.com');
    for (const variant of ['Admin@Example.com', ' admin@example.com ', 'аdmin@example.com', 'ａｄｍｉｎ@example.com', 'ad\u200bmin@example.com', 'ádmin@exámple.com', 'admin@еxample.com']) {
      expect(throttleIdentity(variant), variant).toBe(base);
    }
    expect(throttleIdentity('other@example.com')).not.toBe(base);
  });
});

describe('throttle network', () => {
  it('keeps IPv4 addresses apart and puts an IPv6 /64 in one bucket, however it is written', () => {
    expect(throttleNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(throttleNetwork('203.0.113.8')).not.toBe(throttleNetwork('203.0.113.7'));
    const block = throttleNetwork('2001:db8:0:7::1');
    for (const variant of ['2001:db8:0:7:ffff:1:2:3', '2001:0db8:0000:0007:0000:0000:0000:0002', '2001:db8:0:7::1.2.3.4']) expect(throttleNetwork(variant), variant).toBe(block);
    expect(block).toBe('2001:db8:0:7::/64');
    expect(throttleNetwork('2001:db8:0:8::1')).not.toBe(block);
    expect(throttleNetwork('::1')).toBe('0:0:0:0::/64');
    expect(throttleNetwork('2001:db8::')).toBe('2001:db8:0:0::/64');
  });
});
