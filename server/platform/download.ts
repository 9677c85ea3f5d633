import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A download name for Content-Disposition: an ASCII fallback and the exact UTF-8 name (RFC 6266). */
function attachment(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

type Download = {
  /** The file's name as its owner will see it saved. */
  name: string;
  contentType: string;
  /** The stored size, for a stream whose length Fastify cannot know; a Buffer's is counted. */
  sizeBytes?: number;
  body: Buffer | Readable;
};

/** A file of someone's own: always saved rather than shown, and never kept by a cache on the way. */
export function sendDownload(reply: FastifyReply, file: Download) {
  reply.type(file.contentType).header('content-disposition', attachment(file.name));
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  return reply.header('cache-control', 'private, no-store').send(file.body);
}
