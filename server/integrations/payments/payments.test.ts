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

  it('says loudly in production that payments run in test mode', () => {
    const log = logger();
    const provider = createPaymentProvider(loadConfig({ NODE_ENV: 'production' }), log);
    expect(provider.kind).toBe('test');
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('PAYMENTS RUN IN TEST MODE'));
  });

  it('stays quiet on a laptop, and uses Stripe once a key is set', () => {
    const log = logger();
    expect(createPaymentProvider(loadConfig({ NODE_ENV: 'development' }), log).kind).toBe('test');
    expect(createPaymentProvider(loadConfig({ NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_a', STRIPE_WEBHOOK_SECRET: 'whsec_b' }), log).kind).toBe('stripe');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('answers a checkout of the test provider with the site’s own /checkout page', async () => {
    const provider = createPaymentProvider(loadConfig({ APP_URL: 'https://asesoria.example' }), logger());
    const { sessionId, url } = await provider.createCheckout({
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
    });
    expect(url).toBe(`https://asesoria.example/checkout?session=${sessionId}`);
    await expect(provider.readWebhook(Buffer.from('{}'), 't=1,v1=x')).rejects.toThrow('no webhooks');
  });
});
