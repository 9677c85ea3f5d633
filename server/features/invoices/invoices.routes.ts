import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceParamsSchema } from '#common/invoices/invoices.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { sendDownload } from '#server/platform/download.ts';
import { invoicePdf, type InvoicePdfDeps } from './invoices.service.ts';

export const invoicesRoutes: FastifyPluginAsyncZod<InvoicePdfDeps> = async (app, deps) => {
  /** An invoice's PDF: for the client it bills, or an admin (the Pagos tabs link here). */
  app.get('/api/invoices/:id/pdf', { preHandler: app.requireUser, schema: { params: invoiceParamsSchema } }, async (request, reply) => {
    const { number, pdf } = await invoicePdf(deps, actor(request), request.params.id);
    return sendDownload(reply, { name: `${number}.pdf`, contentType: 'application/pdf', body: pdf });
  });
};
