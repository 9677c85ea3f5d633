import { createAccount, type TestAccount } from './accounts.ts';
import { createTestApp, type TestApp } from './app.ts';
import { startMailCapture, type MailCapture } from './mail-capture.ts';

/** The firm's billing identity, which the invoice tests read back from rows and PDFs. */
export const sampleFirm = { FIRM_LEGAL_NAME: 'Asesoría Palmeral S.L.', FIRM_TAX_ID: 'B03123456', FIRM_ADDRESS: 'Calle Mayor 1, 03202 Elche' };

/** The setting of a billing test file: an app with the firm's identity, its mail caught by a real SMTP server, and an admin. */
export async function startBillingApp(): Promise<{ t: TestApp; capture: MailCapture; admin: TestAccount }> {
  const capture = await startMailCapture();
  const t = await createTestApp({ env: { SMTP_URL: capture.url, FIRM_EMAIL: 'despacho@example.com', APP_URL: 'http://asesoria.test', ...sampleFirm } });
  return { t, capture, admin: await createAccount(t, { role: 'admin' }) };
}
