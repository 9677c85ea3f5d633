import { BrowserRouter, Route, Routes } from 'react-router';
import { SiteLayout } from './layout/site-layout.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';
import { pageRouteElements } from './routes/page-routes.tsx';

/** The site's routes, made from the page table (common/pages.ts): the browser's router and the server's (web/entry-server.tsx) both draw them. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <Routes>
        <Route element={<SiteLayout />}>{pageRouteElements()}</Route>
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
