import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '#server/config/env.ts';
import { createPaymentProvider } from './create-payment-provider.ts';

describe('payments configuration', () => {
  it('uses the built-in test provider unless STRIPE_SECRET_KEY is set', () => {
    expect(loadConfig({}).payments.stripe).toBeUndefined();
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_def', STRIPE_PUBLISHABLE_KEY: 'pk_live_ghi' }).payments.stripe,
    ).toEqual({ secretKey: 'sk_live_abc', webhookSecret: 'whsec_def', publishableKey: 'pk_live_ghi' });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'sk_test_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
    [{ STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }, 'STRIPE_SECRET_KEY'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'secret' }, 'STRIPE_WEBHOOK_SECRET'],
    [{ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' }, 'STRIPE_PUBLISHABLE_KEY'],
  ])('refuses %o with one line naming %s', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toContain(variable);
      expect((error as Error).message).not.toContain('\n');
    }
  });
});

describe('choosing the payment provider', () => {
  const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

  it.each([
    ['a local trial on localhost', { APP_URL: 'http://localhost:3000' }],
    ['a local trial on 127.0.0.1', { APP_URL: 'http://127.0.0.1:8080' }],
    ['a public site told so (PAYMENTS_TEST_MODE=1)', { APP_URL: 'https://asesoria.example', PAYMENTS_TEST_MODE: '1' }],
  ])('runs the test provider in production for %s, and says so loudly', async (_case, env) => {
    const log = logger();
    expect((await createPaymentProvider(loadConfig({ NODE_ENV: 'production', ...env }), log))?.kind).toBe('test');
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('PAYMENTS RUN IN TEST MODE'));
  });

  it('takes no payments on a public production site without a Stripe key, and says so', async () => {
    const log = logger();
    expect(await createPaymentProvider(loadConfig({ NODE_ENV: 'production', APP_URL: 'https://asesoria.example' }), log)).toBeUndefined();
    expect(await createPaymentProvider(loadConfig({ NODE_ENV: 'production', APP_URL: 'http://192.168.1.20:3000' }), log)).toBeUndefined();
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('ONLINE PAYMENTS ARE OFF'));
  });

  it('stays quiet on a laptop, and uses Stripe once a key is set', async () => {
    const log = logger();
    expect((await createPaymentProvider(loadConfig({ NODE_ENV: 'development' }), log))?.kind).toBe('test');
    expect((await createPaymentProvider(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_WEBHOOK_SECRET: 'whsec_b' }), log))?.kind).toBe('stripe');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('answers a checkout of the test provider with the site’s own /checkout page, at the address of the client’s language', async () => {
    const provider = await createPaymentProvider(loadConfig({ APP_URL: 'https://asesoria.example' }), logger());
    if (!provider) throw new Error('the test provider runs outside production');
    const checkout = (language: 'es' | 'fr') =>
      provider.createCheckout({
        paymentId: 'p',
        userId: 'u',
        email: 'a@example.com',
        serviceId: 'arraigo',
        title: 'Arraigo',
        description: undefined,
        amountCents: 30000,
        currency: 'eur',
        successUrl: '',
        cancelUrl: '',
        language,
      });
    const { sessionId, url } = await checkout('es');
    expect(url).toBe(`https://asesoria.example/checkout?session=${sessionId}`);
    const french = await checkout('fr');
    expect(french.url).toBe(`https://asesoria.example/fr/checkout?session=${french.sessionId}`);
    await expect(provider.readWebhook(Buffer.from('{}'), 't=1,v1=x')).rejects.toThrow('no webhooks');
  });
});
