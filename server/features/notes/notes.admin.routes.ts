import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { clientParamsSchema } from '#common/admin/clients.contract.ts';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { caseParamsSchema } from '#common/cases/cases.contract.ts';
import { noteInputSchema, noteSchema, notesSchema, type NoteSubject } from '#common/notes/notes.contract.ts';
import { actor } from '#server/platform/actor.ts';
import { addNote, notesAbout, type NotesDeps } from './notes.service.ts';

/** How each subject's address names it: a case by its number, a consultation by its uuid, a client by the account's id. */
const paramsOf = { cases: caseParamsSchema, consultations: uuidParamsSchema, clients: clientParamsSchema } satisfies Record<NoteSubject, z.ZodType<{ id: number | string }>>;

/** "Notas internas" on a case, a consultation and a client: staff routes only (no client route reads them). */
export const notesAdminRoutes: FastifyPluginAsyncZod<NotesDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  for (const [kind, params] of Object.entries(paramsOf) as Array<[NoteSubject, (typeof paramsOf)[NoteSubject]]>) {
    app.get(`/api/admin/${kind}/:id/notes`, { schema: { params, response: { 200: notesSchema } } }, (request) => notesAbout(deps, kind, String(request.params.id)));
    app.post(`/api/admin/${kind}/:id/notes`, { schema: { params, body: noteInputSchema, response: { 201: noteSchema } } }, async (request, reply) =>
      reply.status(201).send(await addNote(deps, actor(request), kind, String(request.params.id), request.body)),
    );
  }
};
