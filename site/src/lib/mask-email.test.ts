import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email.ts';

describe('masked address', () => {
  it('keeps the first two characters of the local part, four stars and the domain', () => {
    expect(maskEmail('johnny@example.com')).toBe('jo****@example.com');
    expect(maskEmail('a@example.com')).toBe('a****@example.com');
  });

  it('is a row of stars without an address', () => {
    expect(maskEmail(null)).toBe('********');
    expect(maskEmail('')).toBe('********');
    expect(maskEmail('not-an-address')).toBe('********');
  });
});
