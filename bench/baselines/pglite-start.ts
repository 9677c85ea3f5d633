// The baseline of the start-up: PGlite opening the product's data directory (BENCH_PGLITE_DIR)
// and node:http answering /healthz with `select 1`, nothing else.
import http from 'node:http';
import { PGlite } from '@electric-sql/pglite';

const db = new PGlite(process.env.BENCH_PGLITE_DIR);
await db.waitReady;

const server = http.createServer((_request, response) => {
  db.query('select 1').then(
    () => response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}'),
    () => response.writeHead(503).end(),
  );
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => void db.close().then(() => process.exit(0))));
