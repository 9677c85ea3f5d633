import { randomBytes } from 'node:crypto';
import http from 'node:http';
import Stripe from 'stripe';

type FakeStripeRequest = { method: string; path: string; form: URLSearchParams; headers: http.IncomingHttpHeaders };

export type FakeStripe = {
  /** Where the SDK should send its requests (StripeConfig.api). */
  api: { host: string; port: number; protocol: 'http' };
  requests: FakeStripeRequest[];
  /** Makes the next checkout session request fail as Stripe does when it is down. */
  failNext: () => void;
  /** Makes the next refund request fail as Stripe does when it refuses one (the charge was disputed, say). */
  refuseNextRefund: () => void;
  /** A webhook delivery as Stripe sends it: the JSON body and its signature header. */
  webhook: (event: { type: string; session: Record<string, unknown> }, secret: string) => { payload: string; signature: string };
  close: () => Promise<void>;
};

/** A local stand-in for Stripe's API: it answers checkout sessions and refunds, and keeps every request it got. */
export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeStripeRequest[] = [];
  let shouldFail = false;
  let shouldRefuseRefund = false;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const path = request.url ?? '';
      requests.push({ method: request.method ?? '', path, form, headers: request.headers });
      response.setHeader('content-type', 'application/json');
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        if (shouldFail) {
          shouldFail = false;
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Fake failure' } }));
          return;
        }
        const id = `cs_test_${randomBytes(12).toString('hex')}`;
        response.end(
          JSON.stringify({
            id,
            object: 'checkout.session',
            url: `https://checkout.stripe.com/c/pay/${id}`,
            payment_status: 'unpaid',
            status: 'open',
            amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
            currency: form.get('line_items[0][price_data][currency]'),
          }),
        );
        return;
      }
      if (request.method === 'POST' && path === '/v1/refunds') {
        if (shouldRefuseRefund) {
          shouldRefuseRefund = false;
          response.statusCode = 400;
          response.end(JSON.stringify({ error: { type: 'invalid_request_error', code: 'charge_disputed', message: 'Fake refusal' } }));
          return;
        }
        response.end(
          JSON.stringify({
            id: `re_${randomBytes(12).toString('hex')}`,
            object: 'refund',
            amount: Number(form.get('amount')),
            payment_intent: form.get('payment_intent'),
            status: 'succeeded',
          }),
        );
        return;
      }
      response.statusCode = 404;
      response.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `No route ${path}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const signer = new Stripe('sk_test_signer');

  return {
    api: { host: '127.0.0.1', port, protocol: 'http' },
    requests,
    failNext: () => {
      shouldFail = true;
    },
    refuseNextRefund: () => {
      shouldRefuseRefund = true;
    },
    webhook: ({ type, session }, secret) => {
      const payload = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        type,
        api_version: '2025-01-01',
        created: Math.floor(Date.now() / 1000),
        data: { object: { object: 'checkout.session', ...session } },
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
