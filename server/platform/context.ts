import fp from 'fastify-plugin';
import type { AppConfig } from '#server/config/env.ts';
import { createMailer, type Mailer } from '#server/integrations/mail/mailer.ts';
import { createPaymentProvider } from '#server/integrations/payments/create-payment-provider.ts';
import type { PaymentProvider } from '#server/integrations/payments/payment-provider.ts';
import { createClamdScanner, type Scanner } from '#server/integrations/scanner/clamd-scanner.ts';
import { createStorage } from '#server/integrations/storage/create-storage.ts';
import type { Storage } from '#server/integrations/storage/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    mailer: Mailer;
    storage: Storage;
    /** Undefined when online payment is not set up (create-payment-provider.ts). */
    payments: PaymentProvider | undefined;
    /** Undefined when CLAMD_SOCKET is unset: uploads are then not scanned (integrations/scanner). */
    scanner: Scanner | undefined;
  }
}

/** The parsed configuration and the outside services every feature may use. */
export const contextPlugin = fp<{ config: AppConfig }>(async (app, { config }) => {
  app.decorate('config', config);
  app.decorate('mailer', createMailer(config, app.log));
  app.decorate('storage', await createStorage(config, app.log));
  app.decorate('payments', await createPaymentProvider(config, app.log));
  app.decorate('scanner', config.clamd && createClamdScanner(config.clamd));
  if (config.clamd) app.log.info({ clamd: config.clamd }, 'uploads are scanned by clamd');
});
