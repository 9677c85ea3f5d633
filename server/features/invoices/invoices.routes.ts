import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingRecordsQuerySchema, invoiceCancellationSchema, invoiceCancelledSchema, invoiceParamsSchema } from '#common/invoices/invoices.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { exportEventLog } from './event-log.service.ts';
import { billingRecordsOfYear, cancelInvoiceRecord, invoicePdf, type InvoicesReadDeps } from './invoices.service.ts';

export const invoicesRoutes: FastifyPluginAsyncZod<InvoicesReadDeps> = async (app, deps) => {
  /** An invoice's PDF: for the client it bills, or staff who read payments (the Pagos tabs link here). */
  app.get('/api/invoices/:id/pdf', { preHandler: app.requireUser, schema: { params: invoiceParamsSchema } }, async (request, reply) => {
    const { number, pdf } = await invoicePdf(deps, actor(request), request.params.id);
    return sendDownload(reply, { name: `${number}.pdf`, contentType: 'application/pdf', body: pdf });
  });

  /** A year's VeriFactu billing records as the tax agency's XML, for the firm's accounts or an inspection. */
  app.get('/api/admin/billing-records', { preHandler: app.requireStaff, schema: { querystring: billingRecordsQuerySchema } }, async (request, reply) => {
    const { name, xml } = await billingRecordsOfYear(deps, request.query.year);
    return sendDownload(reply, { name, contentType: 'application/xml; charset=utf-8', body: Buffer.from(xml, 'utf8') });
  });

  /** VeriFactu's event log as XML, for a firm that keeps its records (decisions/054); the export is itself logged (09). */
  app.get('/api/admin/verifactu-events', { preHandler: app.requireStaff }, async (_request, reply) => {
    const { name, xml } = await exportEventLog(deps, { isKept: deps.sentTo === null });
    return sendDownload(reply, { name, contentType: 'application/xml; charset=utf-8', body: Buffer.from(xml, 'utf8') });
  });

  /** Cancels an invoice's billing record as made in error: the next record of the chain, a cancellation (anulación). */
  app.post(
    '/api/admin/invoices/:id/cancellation',
    { preHandler: app.requireStaff, schema: { params: invoiceParamsSchema, body: invoiceCancellationSchema, response: { 201: invoiceCancelledSchema } } },
    async (request, reply) => reply.status(201).send(await cancelInvoiceRecord(deps, actor(request), request.params.id, request.body)),
  );
};
