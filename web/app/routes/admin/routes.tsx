import { Route } from 'react-router';
import { guardedPage } from '../guarded-page.tsx';

const AdminPage = guardedPage(['admin'], () => import('./admin-page.tsx'));
const AdminCaseRoute = guardedPage(['admin'], () => import('./admin-case-page.tsx'));

/** The back office and its case pages: admins only. */
export function adminRoutes() {
  return (
    <>
      <Route path="admin" element={<AdminPage />} />
      <Route path="admin/expedientes/:displayId" element={<AdminCaseRoute />} />
    </>
  );
}
