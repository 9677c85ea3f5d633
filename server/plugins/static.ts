import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Firm } from '#common/firm.ts';
import { isPagePath } from '#common/pages.ts';
import { sendError } from './errors.ts';
import { renderShell } from './shell.ts';

/** A page of the site: a GET outside /api that a browser asks for, or any path without a file extension. */
function wantsPage(request: FastifyRequest, pathname: string): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (pathname === '/api' || pathname.startsWith('/api/')) return false;
  const isFile = /\.[a-z0-9]+$/i.test(pathname);
  return !isFile || (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built site: hashed assets cached for a year, the shell never cached, and every
 * client route answered with the shell; an address the site has no page for gets the shell too
 * (which draws the 404 page) with a 404 status. Unknown API routes and files get the JSON 404.
 */
export const staticPlugin = fp<{ webDir: string; firm: Firm }>(async (app, { webDir, firm }) => {
  const indexPath = path.join(webDir, 'index.html');
  const shell = fs.existsSync(indexPath) ? renderShell(fs.readFileSync(indexPath, 'utf8'), firm) : undefined;
  if (!shell) app.log.warn({ webDir }, 'the web build is missing: only the API is served');

  if (shell) {
    await app.register(fastifyStatic, {
      root: webDir,
      index: false,
      wildcard: true,
      // Folders are not files: '/' and the like fall through to the shell. Source maps stay on the server.
      allowedPath: (pathName) => !pathName.endsWith('/') && !pathName.endsWith('.map'),
      cacheControl: false,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.startsWith(path.join(webDir, 'assets') + path.sep);
        res.setHeader('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (shell && wantsPage(request, pathname)) {
      return reply
        .code(isPagePath(pathname) ? 200 : 404)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-cache')
        .send(shell);
    }
    return sendError(reply, request, 'notFound');
  });
});
