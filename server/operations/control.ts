import type http from 'node:http';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { createBackup, saveBackup } from './backup.ts';
import { OperatorFailure, OperatorInputError, type OperatorContext } from './context.ts';
import { isOperationName, operations, type OperationName } from './operations.ts';
import { holderRequest, type ControlHandler } from './ownership.ts';

/*
 * The control socket's requests, answered by the process that holds DATA_DIR:
 *   POST /operations/<name>   JSON input → 200 { message } | 400 { message } (bad input, a failed check) | 500 { message }
 *   GET  /backup              200 the backup archive (tar.gz)
 */

const maxInputBytes = 64 * 1024;

async function readJson(request: http.IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > maxInputBytes) throw new OperatorInputError('The command input is too large.');
  }
  return body ? (JSON.parse(body) as unknown) : {};
}

function answer(response: http.ServerResponse, status: number, message: string) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message }));
}

/** Runs operator commands inside the server, on its own database, so the site sees the result at once. */
export function createControlHandler(context: OperatorContext, log: FastifyBaseLogger): ControlHandler {
  return (request, response) => {
    const url = new URL(request.url ?? '/', 'http://control');
    const name = url.pathname.replace(/^\/operations\//, '');
    void (async () => {
      try {
        if (request.method === 'GET' && url.pathname === '/backup') {
          const archive = await createBackup(context);
          response.writeHead(200, { 'content-type': 'application/gzip' });
          await pipeline(archive, response);
          log.info('backup taken through the control socket');
          return;
        }
        if (request.method !== 'POST' || !url.pathname.startsWith('/operations/') || !isOperationName(name)) {
          answer(response, 404, `Unknown command ${url.pathname}.`);
          return;
        }
        const message = await operations[name](context, await readJson(request));
        log.info({ command: name }, 'operator command run through the control socket');
        answer(response, 200, message);
      } catch (error) {
        if (error instanceof OperatorFailure || error instanceof SyntaxError) {
          answer(response, 400, error.message);
          return;
        }
        log.error({ err: error, command: url.pathname }, 'operator command failed');
        if (response.headersSent) response.destroy(error as Error);
        else answer(response, 500, `The server could not run it: ${(error as Error).message}`);
      }
    })();
  };
}

/** What the holder answered for a command it could not run. */
export class ControlError extends Error {
  override name = 'ControlError';
}

function send(dataDir: string, method: string, requestPath: string, body?: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = holderRequest(dataDir, { method, path: requestPath, headers: body ? { 'content-type': 'application/json' } : {} });
    request.on('response', resolve);
    request.on('error', reject);
    request.end(body);
  });
}

async function failure(response: http.IncomingMessage): Promise<ControlError> {
  let text = '';
  for await (const chunk of response) text += String(chunk);
  try {
    return new ControlError((JSON.parse(text) as { message: string }).message);
  } catch {
    return new ControlError(`The server answered ${response.statusCode}.`);
  }
}

/** Asks the server holding DATA_DIR to run a command. */
export async function runThroughHolder(dataDir: string, name: OperationName, input: unknown): Promise<string> {
  const response = await send(dataDir, 'POST', `/operations/${name}`, JSON.stringify(input));
  if (response.statusCode !== 200) throw await failure(response);
  let text = '';
  for await (const chunk of response) text += String(chunk);
  return (JSON.parse(text) as { message: string }).message;
}

/** Has the server holding DATA_DIR take a backup, written to `file`. */
export async function backupThroughHolder(dataDir: string, file: string): Promise<void> {
  const response = await send(dataDir, 'GET', '/backup');
  if (response.statusCode !== 200) throw await failure(response);
  await saveBackup(response, file);
}
