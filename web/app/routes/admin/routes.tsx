import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireRole } from '#web/features/auth/components/require-role.tsx';

const AdminPage = lazy(() => import('./admin-page.tsx'));

/** The back office: admins only. */
export function adminRoutes() {
  return (
    <Route
      path="admin"
      element={
        <RequireRole roles={['admin']}>
          <AdminPage />
        </RequireRole>
      }
    />
  );
}
