import { describe, expect, it } from 'vitest';
import { pagePatterns } from '#common/pages.ts';
import { loggedAddress, secretPages } from './logged-address.ts';

describe('logged addresses', () => {
  it('marks only pages the site has', () => {
    for (const pattern of Object.keys(secretPages)) expect(pagePatterns, pattern).toContain(pattern);
  });

  it('shows a marked route by its pattern when the router reached it by another spelling', () => {
    expect(loggedAddress('/api//quotes/by-token/s3cret', { pattern: '/api/quotes/by-token/:token', secrets: { params: ['token'] } })).toBe('/api/quotes/by-token/[redacted]');
  });

  it('leaves every other address as it came', () => {
    expect(loggedAddress('/api/news?page=2&token=x', { pattern: '/api/news' })).toBe('/api/news?page=2&token=x');
    expect(loggedAddress('/presupuesto', {})).toBe('/presupuesto');
    expect(loggedAddress('/acceder?redirect=%E0%A4%A', {})).toBe('/acceder?redirect=%E0%A4%A');
  });
});
