import { lazy } from 'react';
import { Navigate, Route } from 'react-router';
import { underConstructionPaths } from '#common/pages.ts';
import { paymentResultPath } from '#common/payments/payment-result.ts';
import { RequireRole } from '#web/features/auth/components/require-role.tsx';
import { legalDocuments } from '#web/features/legal/legal-documents.ts';

const HomePage = lazy(() => import('./home-page.tsx'));
const ServicesPage = lazy(() => import('./services-page.tsx'));
const StartCasePage = lazy(() => import('./start-case-page.tsx'));
const CheckoutPage = lazy(() => import('./checkout-page.tsx'));
const PaymentResultPage = lazy(() => import('./payment-result-page.tsx'));
const PropertyPurchasePage = lazy(() => import('./property-purchase-page.tsx'));
const NewsListPage = lazy(() => import('./news-list-page.tsx'));
const NewsArticlePage = lazy(() => import('./news-article-page.tsx'));
const LegalPage = lazy(() => import('./legal-page.tsx'));
const UnderConstructionPage = lazy(() => import('./under-construction-page.tsx'));
const RegisterPage = lazy(() => import('./register-page.tsx'));
const SignInPage = lazy(() => import('./sign-in-page.tsx'));
const UpdatePasswordPage = lazy(() => import('./update-password-page.tsx'));
const UndoEmailChangePage = lazy(() => import('./undo-email-change-page.tsx'));
const ContactPage = lazy(() => import('./contact-page.tsx'));
const TranslationQuotePage = lazy(() => import('./translation-quote-page.tsx'));
const QuotePage = lazy(() => import('./quote-page.tsx'));
const ExpatriationConsultationPage = lazy(() => import('./expatriation-consultation-page.tsx'));
const NotFoundPage = lazy(() => import('./not-found-page.tsx'));

/** The public site: everything a visitor reaches without an account. */
export function siteRoutes() {
  return (
    <>
      <Route index element={<HomePage />} />
      <Route path="servicios" element={<ServicesPage />} />
      <Route path="iniciar-tramite" element={<StartCasePage />} />
      <Route
        path="checkout"
        element={
          <RequireRole roles={['user', 'admin']}>
            <CheckoutPage />
          </RequireRole>
        }
      />
      <Route path={paymentResultPath.slice(1)} element={<PaymentResultPage />} />
      <Route path="compraventa" element={<PropertyPurchasePage />} />
      <Route path="contacto" element={<ContactPage />} />
      <Route path="traducciones/presupuesto" element={<TranslationQuotePage />} />
      <Route path="presupuesto/:token" element={<QuotePage />} />
      <Route path="expatriacion/consulta" element={<ExpatriationConsultationPage />} />
      <Route path="noticias" element={<NewsListPage />} />
      <Route path="noticias/:id" element={<NewsArticlePage />} />
      {legalDocuments.map((document) => (
        <Route key={document.path} path={document.path} element={<LegalPage document={document} />} />
      ))}
      <Route path="registro" element={<RegisterPage />} />
      <Route path="acceder" element={<SignInPage />} />
      <Route path="actualizar-contrasena" element={<UpdatePasswordPage />} />
      <Route path="deshacer-cambio-email" element={<UndoEmailChangePage />} />
      <Route path="privacidad" element={<Navigate to="/politica-de-privacidad" replace />} />
      <Route path="terminos" element={<Navigate to="/condiciones-de-uso" replace />} />
      {underConstructionPaths.map((path) => (
        <Route key={path} path={path} element={<UnderConstructionPage />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </>
  );
}
