import { BrowserRouter, Route, Routes } from 'react-router';
import { SiteLayout } from './layout/site-layout.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { adminRoutes } from './routes/admin/routes.tsx';
import { portalRoutes } from './routes/portal/routes.tsx';
import { siteRoutes } from './routes/site/routes.tsx';

export function AppRouter() {
  return (
    <BrowserRouter>
      <ScrollToTop />
      <Routes>
        <Route element={<SiteLayout />}>
          {portalRoutes()}
          {adminRoutes()}
          {siteRoutes()}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
