import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { openEventStream, type EventStream, type EventStreamOptions } from '#server/integrations/realtime/event-stream.ts';
import { createRealtime, type Realtime } from '#server/integrations/realtime/realtime.ts';

export type RealtimeHub = Pick<Realtime, 'publish' | 'subscribe'> & {
  /** Answers the request with a Server-Sent Events stream, ended when the app closes. */
  openStream: (request: FastifyRequest, reply: FastifyReply, options?: EventStreamOptions) => EventStream;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Live updates: NOTIFY/LISTEN fan-out between instances, and SSE streams to browsers. */
    realtime: RealtimeHub;
  }
}

export const realtimePlugin = fp(async (app) => {
  const realtime = createRealtime(app.database, app.log);
  // This instance's open connections, so that closing the app does not wait for browsers to leave.
  const streams = new Set<EventStream>();

  app.decorate('realtime', {
    publish: realtime.publish,
    subscribe: realtime.subscribe,
    openStream: (request, reply, options) => {
      const stream = openEventStream(request, reply, options);
      streams.add(stream);
      stream.onClose(() => streams.delete(stream));
      return stream;
    },
  } satisfies RealtimeHub);

  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
  });
  app.addHook('onClose', () => realtime.close());
});
