import { describe, expect, it } from 'vitest';
import { staffRoles } from '#common/auth/staff-roles.ts';
import { afterSignInPath } from './home-for-role.ts';

describe('afterSignInPath', () => {
  it('sends every staff role to /admin and clients to /panel without a redirect', () => {
    for (const role of staffRoles) expect(afterSignInPath(new URLSearchParams(''), role)).toBe('/admin');
    expect(afterSignInPath(new URLSearchParams(''), 'user')).toBe('/panel');
  });

  it('follows the redirect and keeps the remaining query parameters', () => {
    expect(afterSignInPath(new URLSearchParams('redirect=/servicios&payment=success&x=1'), 'owner')).toBe(
      '/servicios?payment=success&x=1',
    );
    expect(afterSignInPath(new URLSearchParams('redirect=%2Fservicios%3Ftab%3D2%23consultas'), 'user')).toBe('/servicios?tab=2#consultas');
  });

  it('ignores redirects that leave the site', () => {
    for (const redirect of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)']) {
      expect(afterSignInPath(new URLSearchParams({ redirect }), 'user')).toBe('/panel');
    }
  });
});
