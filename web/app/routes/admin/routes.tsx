import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireRole } from '#web/features/auth/components/require-role.tsx';

const AdminPage = lazy(() => import('./admin-page.tsx'));
const AdminCaseRoute = lazy(() => import('./admin-case-page.tsx'));

/** The back office and its case pages: admins only. */
export function adminRoutes() {
  return (
    <>
      <Route
        path="admin"
        element={
          <RequireRole roles={['admin']}>
            <AdminPage />
          </RequireRole>
        }
      />
      <Route
        path="admin/expedientes/:displayId"
        element={
          <RequireRole roles={['admin']}>
            <AdminCaseRoute />
          </RequireRole>
        }
      />
    </>
  );
}
