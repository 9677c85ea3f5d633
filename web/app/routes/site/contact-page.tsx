import { PageHeader } from '#web/components/page/page-header.tsx';
import { PageMeta } from '#web/components/page/page-meta.tsx';
import { ContactDetails } from '#web/features/contact/components/contact-details.tsx';
import { hydrateOnIntent } from '#web/lib/hydrate-on-intent.tsx';
import { useTranslation } from '#web/lib/translation.tsx';

// Its code (the form's library and its checks) loads when the visitor is about to fill it in.
const ContactForm = hydrateOnIntent(() => import('#web/features/contact/components/contact-form.tsx').then((module) => module.ContactForm));

export default function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} />
      <PageHeader title={t('header.title')} subtitle={t('header.subtitle')} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:py-16 lg:grid-cols-[2fr_1fr]">
        <ContactForm />
        <ContactDetails />
      </div>
    </>
  );
}
