import { BrowserRouter, Route, Routes } from 'react-router';
import { SiteLayout } from './layout/site-layout.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { adminRoutes } from './routes/admin/routes.tsx';
import { portalRoutes } from './routes/portal/routes.tsx';
import { siteRoutes } from './routes/site/routes.tsx';

/** The one route table, which the browser's router and the server's (web/entry-server.tsx) both draw. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<SiteLayout />}>
          {portalRoutes()}
          {adminRoutes()}
          {siteRoutes()}
        </Route>
      </Routes>
    </>
  );
}

/** Under a language's prefix (`/en`), every link and navigation of the site keeps that prefix. */
export function AppRouter({ basename }: { basename: string | undefined }) {
  return (
    <BrowserRouter basename={basename}>
      <AppRoutes />
    </BrowserRouter>
  );
}
