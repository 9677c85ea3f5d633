/** The firm's identity: one place read by the header, footer, contact page, legal pages and e-mails. */
export type Firm = {
  brandName: string;
  legalName: string;
  taxId: string;
  /** Bar (colegio de abogados) registration, empty where it does not apply. */
  barRegistration: string;
  address: string;
  phone: string;
  whatsapp: string;
  email: string;
  web: string;
  socialUrl: string;
  /** Opening hours as schema.org writes them: 'Mo-Fr 09:00-14:00,16:00-19:00' (common/opening-hours.ts). */
  hours: string;
};

/** Neutral defaults, obviously to be replaced through the FIRM_* environment variables. */
export const defaultFirm: Firm = {
  brandName: 'Asesoría Elche',
  legalName: 'Asesoría Elche S.L.',
  taxId: 'B00000000',
  barRegistration: '',
  address: 'Calle Mayor 1, 03202 Elche (Alicante), España',
  phone: '+34 600 000 000',
  whatsapp: '+34600000000',
  email: 'info@example.com',
  web: 'https://www.example.com',
  socialUrl: 'https://www.facebook.com/',
  hours: 'Mo-Fr 09:00-14:00,16:00-19:00',
};
