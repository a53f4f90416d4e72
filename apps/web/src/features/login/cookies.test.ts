import { describe, expect, it } from 'vitest';
import { cookieValue } from './cookies';

describe('cookie value', () => {
  it('finds a cookie by its exact name and decodes it', () => {
    const header = 'other=1; rememberMeToo=x; rememberMe=jane.doe%40example.com';
    expect(cookieValue(header, 'rememberMe')).toBe('jane.doe@example.com');
    expect(cookieValue('rememberMe="jane.doe"', 'rememberMe')).toBe('jane.doe');
  });

  it('answers null when the cookie is absent', () => {
    expect(cookieValue('', 'rememberMe')).toBeNull();
    expect(cookieValue('rememberMeToo=x', 'rememberMe')).toBeNull();
  });
});
