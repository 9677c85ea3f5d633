import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';

/** Multipart bodies for every upload route; each route passes its own limits (platform/upload.ts). */
export const multipartPlugin = fp(async (app) => {
  // Sizes are checked by the upload reader rather than thrown by the plugin.
  await app.register(multipart, { throwFileSizeLimit: false });
});
