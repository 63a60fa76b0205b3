import { describe, expect, it } from 'vitest';
import { displayName, startingName } from './display-name.ts';

describe('displayName', () => {
  it('is the chosen name, else first and last names, else a name that says nothing of the email', () => {
    expect(displayName({ id: 3, name: 'Night Owl', first_name: 'Ana', last_name: 'Lima' })).toBe('Night Owl');
    expect(displayName({ id: 3, name: '', first_name: 'Ana', last_name: 'Lima' })).toBe('Ana Lima');
    expect(displayName({ id: 3, name: null, first_name: null, last_name: 'Lima' })).toBe('Lima');
    expect(displayName({ id: 3, name: null, first_name: null, last_name: null })).toBe('Listener 3');
  });
});

describe('startingName', () => {
  it('is the part of the email address before the last @', () => {
    expect(startingName('jane.doe@example.com')).toBe('jane.doe');
    expect(startingName('"a@b"@example.com')).toBe('"a@b"');
    expect(startingName(`${'x'.repeat(300)}@example.com`)).toHaveLength(255);
  });
});
