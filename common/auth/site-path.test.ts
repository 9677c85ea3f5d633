import { describe, expect, it } from 'vitest';
import { isSitePath, returnPathFrom } from './site-path.ts';

describe('site paths', () => {
  it.each(['/panel', '/servicios#consultas', '/iniciar-tramite?servicio=arraigo', '/noticias/12'])('accepts %s', (path) => {
    expect(isSitePath(path)).toBe(true);
  });

  it.each(['https://evil.test', '//evil.test', '/\\evil.test', '/.//evil.test', '/a/..//evil.test', 'panel', '', 'javascript:alert(1)'])(
    'refuses %s',
    (path) => expect(isSitePath(path)).toBe(false),
  );

  it('brings the visitor back only to a page of the site', () => {
    expect(returnPathFrom(new URLSearchParams('redirect=/panel'))).toBe('/panel');
    expect(returnPathFrom(new URLSearchParams('redirect=/.//evil.test'))).toBeNull();
  });
});
