import { lazy } from 'react';
import { Route } from 'react-router';
import { RequireRole } from '#web/features/auth/components/require-role.tsx';

const PanelPage = lazy(() => import('./panel-page.tsx'));
const ProfilePage = lazy(() => import('./profile-page.tsx'));

/** The client portal: signed-in clients and admins. */
export function portalRoutes() {
  return (
    <>
      <Route
        path="panel"
        element={
          <RequireRole roles={['user', 'admin']}>
            <PanelPage />
          </RequireRole>
        }
      />
      <Route
        path="perfil"
        element={
          <RequireRole roles={['user', 'admin']}>
            <ProfilePage />
          </RequireRole>
        }
      />
    </>
  );
}
