import { lazy, type ComponentType } from 'react';
import type { Role } from '#common/auth/auth.contract.ts';

/**
 * A page only some roles may open, drawn inside the browser's gate for it (RequireRole; the server
 * enforces the same on every API route). The gate loads with the page, when its route is first
 * drawn: no visitor of the public pages downloads it.
 */
export function guardedPage(roles: Role[], load: () => Promise<{ default: ComponentType }>) {
  return lazy(async () => {
    const [{ RequireRole }, { default: Page }] = await Promise.all([import('#web/features/auth/components/require-role.tsx'), load()]);
    function GuardedPage() {
      return (
        <RequireRole roles={roles}>
          <Page />
        </RequireRole>
      );
    }
    return { default: GuardedPage };
  });
}
