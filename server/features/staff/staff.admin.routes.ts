import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidParamsSchema } from '#common/admin/paging.contract.ts';
import { deactivationSchema, staffInvitationInputSchema, staffOverviewSchema, staffParamsSchema, staffRoleChangeSchema } from '#common/staff/staff.contract.ts';
import { z } from 'zod';
import { actor } from '#server/platform/actor.ts';
import { changeStaffRole, deactivateStaff, invite, revoke, staffOverview, type StaffDeps } from './staff.service.ts';

/** The Equipo tab: the owner invites, changes roles and deactivates (the permission table keeps these to the owner). */
export const staffAdminRoutes: FastifyPluginAsyncZod<StaffDeps> = async (app, deps) => {
  app.addHook('preHandler', app.requireStaff);

  app.get('/api/admin/staff', { schema: { response: { 200: staffOverviewSchema } } }, () => staffOverview(deps));

  app.post('/api/admin/staff/invitations', { schema: { body: staffInvitationInputSchema, response: { 201: z.object({ id: z.string() }) } } }, async (request, reply) =>
    reply.status(201).send(await invite(deps, actor(request), request.body)),
  );

  app.delete('/api/admin/staff/invitations/:id', { schema: { params: uuidParamsSchema } }, async (request, reply) => {
    await revoke(deps, actor(request), request.params.id);
    return reply.status(204).send();
  });

  app.put('/api/admin/staff/:id/role', { schema: { params: staffParamsSchema, body: staffRoleChangeSchema } }, async (request, reply) => {
    await changeStaffRole(deps, actor(request), request.params.id, request.body.role);
    return reply.status(204).send();
  });

  app.post('/api/admin/staff/:id/deactivate', { schema: { params: staffParamsSchema, response: { 200: deactivationSchema } } }, (request) =>
    deactivateStaff(deps, actor(request), request.params.id),
  );
};
