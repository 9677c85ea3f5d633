import { Route } from 'react-router';
import { guardedPage } from '../guarded-page.tsx';

const PanelPage = guardedPage(['user', 'admin'], () => import('./panel-page.tsx'));
const ProfilePage = guardedPage(['user', 'admin'], () => import('./profile-page.tsx'));

/** The client portal: signed-in clients and admins. */
export function portalRoutes() {
  return (
    <>
      <Route path="panel" element={<PanelPage />} />
      <Route path="perfil" element={<ProfilePage />} />
    </>
  );
}
