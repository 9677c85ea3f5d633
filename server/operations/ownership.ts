import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

/** Who holds an embedded database: the server, or an operator command run while no server was up. */
export type Holder = { pid: number; role: string; startedAt: string };

export type ControlHandler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

export type Ownership = {
  /** Starts answering operator commands; until then they wait (the database may still be opening). */
  serve: (handler: ControlHandler) => void;
  release: () => Promise<void>;
};

export class DataDirHeldError extends Error {
  override name = 'DataDirHeldError';
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(`DATA_DIR ${dataDir} is in use by ${describeHolder(holder)}: stop it first, or use another DATA_DIR.`);
  }
}

function describeHolder(holder: Holder): string {
  return `${holder.role === 'server' ? 'the server' : `\`npm run ${holder.role}\``} (process ${holder.pid}, since ${holder.startedAt})`;
}

// Unix socket paths are limited to about 107 bytes.
const maxSocketPathLength = 100;

/**
 * The control socket is both the lock and the way in: only a live process can listen on it, so a
 * socket file left by a killed process refuses connections and is taken over, while a live holder
 * answers who it is. Its mode (0600) keeps it to the account that runs the site.
 */
function controlSocketPath(dataDir: string): string {
  const socket = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(socket) > maxSocketPathLength) {
    throw new Error(`DATA_DIR is too long a path for its control socket (${socket}); use a shorter DATA_DIR.`);
  }
  return socket;
}

function listen(server: http.Server, socket: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(socket, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

/** Asks the process on the socket who it is; undefined when nothing listens there any more. */
async function askHolder(socket: string): Promise<Holder | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath: socket, path: '/holder', method: 'GET', timeout: 5_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(JSON.parse(body) as Holder);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    request.on('timeout', () => request.destroy(new Error(`the process on ${socket} does not answer`)));
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') resolve(undefined);
      else reject(error);
    });
    request.end();
  });
}

/**
 * Makes this process the only one that opens DATA_DIR/db. Throws DataDirHeldError when a live
 * process holds it; a lock left by a killed process never blocks.
 */
export async function claimDataDir(dataDir: string, role: string): Promise<Ownership> {
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const socket = controlSocketPath(dataDir);
  const holder: Holder = { pid: process.pid, role, startedAt: new Date().toISOString() };

  let setHandler!: (handler: ControlHandler) => void;
  const ready = new Promise<ControlHandler>((resolve) => (setHandler = resolve));

  const server = http.createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/holder') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(holder));
      return;
    }
    void ready.then((serve) => serve(request, response));
  });

  for (let attempt = 0; ; attempt += 1) {
    try {
      await listen(server, socket);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt > 0) throw error;
      const current = await askHolder(socket);
      if (current) throw new DataDirHeldError(dataDir, current);
      fs.rmSync(socket, { force: true });
    }
  }
  fs.chmodSync(socket, 0o600);

  return {
    serve: setHandler,
    release: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Connects to the holder's control socket, e.g. to run an operator command inside the server. */
export function holderRequest(dataDir: string, options: http.RequestOptions): http.ClientRequest {
  return http.request({ ...options, socketPath: controlSocketPath(dataDir) });
}
