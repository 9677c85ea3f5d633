import { lazy, useContext, type ComponentType } from 'react';
import { Navigate, Route } from 'react-router';
import { paymentResultPath } from '#common/payments/payment-result.ts';
import { sectionAddresses, sectionIds, type SectionId } from '#common/sections/section-addresses.ts';
import { legalDocuments, type LegalDocument } from '#web/features/legal/legal-documents.ts';
import { PageModulesContext } from '#web/lib/page-modules.ts';
import { guardedPage } from '../guarded-page.tsx';

const pageModules = import.meta.glob<{ default: ComponentType<never> }>('./*-page.tsx');

/**
 * A page of the site, loaded when its route is first drawn. Drawn on the server, it notes its
 * module under the name Vite's manifest gives it (the path from web/), so the page's HTML can ask
 * for its chunk early.
 */
function lazyPage<Props extends object = Record<string, never>>(file: `${string}-page.tsx`) {
  const load = pageModules[`./${file}`] as (() => Promise<{ default: ComponentType<Props> }>) | undefined;
  if (!load) throw new Error(`web/app/routes/site has no ${file}`);
  const Page = lazy(load);
  const moduleName = `app/routes/site/${file}`;
  return function SitePage(props: Props) {
    useContext(PageModulesContext)?.add(moduleName);
    return <Page {...props} />;
  };
}

const HomePage = lazyPage('home-page.tsx');
const ServicesPage = lazyPage('services-page.tsx');
const StartCasePage = lazyPage('start-case-page.tsx');
// Signed in only, and never drawn on the server (not an indexable page): its module needs no noting.
const CheckoutPage = guardedPage(['user', 'admin'], () => import('./checkout-page.tsx'));
const PaymentResultPage = lazyPage('payment-result-page.tsx');
const PropertyPurchasePage = lazyPage('property-purchase-page.tsx');
const NewsListPage = lazyPage('news-list-page.tsx');
const NewsArticlePage = lazyPage('news-article-page.tsx');
const LegalPage = lazyPage<{ document: LegalDocument }>('legal-page.tsx');
const SectionPage = lazyPage<{ sectionId: SectionId }>('section-page.tsx');
const RegisterPage = lazyPage('register-page.tsx');
const SignInPage = lazyPage('sign-in-page.tsx');
const UpdatePasswordPage = lazyPage('update-password-page.tsx');
const UndoEmailChangePage = lazyPage('undo-email-change-page.tsx');
const ContactPage = lazyPage('contact-page.tsx');
const TranslationQuotePage = lazyPage('translation-quote-page.tsx');
const QuotePage = lazyPage('quote-page.tsx');
const ExpatriationConsultationPage = lazyPage('expatriation-consultation-page.tsx');
const NotFoundPage = lazyPage('not-found-page.tsx');

/** The public site: everything a visitor reaches without an account. */
export function siteRoutes() {
  return (
    <>
      <Route index element={<HomePage />} />
      <Route path="servicios" element={<ServicesPage />} />
      <Route path="iniciar-tramite" element={<StartCasePage />} />
      <Route path="checkout" element={<CheckoutPage />} />
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
      {sectionIds.map((id) => (
        <Route key={id} path={sectionAddresses[id]} element={<SectionPage sectionId={id} />} />
      ))}
      <Route path="*" element={<NotFoundPage />} />
    </>
  );
}
