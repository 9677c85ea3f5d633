import { Globe, Mail, MapPin, MessageCircle, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useFirm } from '#web/lib/firm.ts';
import { useTranslation } from '#web/lib/translation.tsx';
import { whatsappLink } from '../whatsapp.ts';

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="text-sm font-semibold text-slate-900">
        <Icon className="absolute left-0 top-0.5 h-5 w-5 text-brand-700" aria-hidden />
        {label}
      </dt>
      <dd className="text-slate-700">{children}</dd>
    </div>
  );
}

const linkClass = 'text-brand-700 underline underline-offset-2 hover:text-brand-900';

/** The firm's address in Elche, e-mail, phone, WhatsApp and web, from the configured identity. */
export function ContactDetails() {
  const { t } = useTranslation('contact');
  const firm = useFirm();
  return (
    <section aria-labelledby="contact-details-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6">
      <h2 id="contact-details-title" className="text-xl font-bold text-slate-900">
        {t('info.title')}
      </h2>
      <dl className="mt-6 space-y-5">
        <Detail icon={MapPin} label={t('info.address')}>
          <address className="not-italic">{firm.address}</address>
        </Detail>
        <Detail icon={Mail} label={t('info.email')}>
          <a href={`mailto:${firm.email}`} className={linkClass}>
            {firm.email}
          </a>
        </Detail>
        <Detail icon={Phone} label={t('info.phone')}>
          <a href={`tel:${firm.phone.replace(/\s/g, '')}`} className={linkClass}>
            {firm.phone}
          </a>
        </Detail>
        <Detail icon={MessageCircle} label={t('info.whatsapp')}>
          <a
            href={whatsappLink(firm.whatsapp)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            aria-label={t('info.whatsappLink', { number: firm.whatsapp })}
          >
            {firm.whatsapp}
          </a>
        </Detail>
        <Detail icon={Globe} label={t('info.web')}>
          <a href={firm.web} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {firm.web.replace(/^https?:\/\//, '')}
          </a>
        </Detail>
      </dl>
      <p className="mt-6 text-sm text-slate-600">{t('info.replyTime')}</p>
    </section>
  );
}
