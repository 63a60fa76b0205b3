import { describe, expect, it } from 'vitest';
import { normalizeIp } from './client-ip.ts';

describe('client addresses', () => {
  it('reads the forms sockets and proxies write, and nothing else', () => {
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp(' 203.0.113.7:51234')).toBe('203.0.113.7');
    expect(normalizeIp('[2001:DB8::1]:443')).toBe('2001:db8::1');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80::1');
    for (const junk of [undefined, '', 'unknown', '203.0.113.300', 'evil.example.com', '1.2.3.4, 5.6.7.8']) expect(normalizeIp(junk), String(junk)).toBeNull();
  });
});
