import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { previewOf } from '#common/intake/uploads.ts';

/** Content-Disposition with an ASCII fallback of the name and the exact UTF-8 name (RFC 6266). */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The policy of a file shown inline: it loads nothing and runs nothing, and only the site's own
 * pages may frame it (the back office's preview); every other answer keeps frame-ancestors 'none'.
 * The PDF viewer draws the file as a plugin, hence object-src 'self'.
 */
const inlineFilePolicy = "default-src 'none'; img-src 'self'; object-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

type Download = {
  /** The file's name as its owner will see it saved. */
  name: string;
  contentType: string;
  /** The stored size, for a stream whose length Fastify cannot know; a Buffer's is counted. */
  sizeBytes?: number;
  body: Buffer | Readable;
  /** Shown in the page rather than saved, when it is a PDF or an image (anything else is still saved). */
  isInline?: boolean;
};

/**
 * A file of someone's own: saved rather than shown (but a PDF or an image asked for inline), and
 * never kept by a cache on the way; nosniff (security.ts) keeps the browser to its stored type.
 */
export function sendDownload(reply: FastifyReply, file: Download) {
  const isShown = file.isInline === true && previewOf(file.contentType) !== null;
  reply.type(file.contentType).header('content-disposition', disposition(isShown ? 'inline' : 'attachment', file.name));
  if (isShown) reply.header('content-security-policy', inlineFilePolicy);
  if (file.sizeBytes !== undefined) reply.header('content-length', file.sizeBytes);
  return reply.header('cache-control', 'private, no-store').send(file.body);
}
