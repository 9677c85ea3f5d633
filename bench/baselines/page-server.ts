// The baseline of the cached public page: node:http answering every request with the same bytes
// the product sends for its home page (BENCH_PAGE_FILE), read once at start.
import fs from 'node:fs';
import http from 'node:http';

const page = fs.readFileSync(process.env.BENCH_PAGE_FILE ?? '');
const headers = { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length, 'cache-control': 'no-cache' };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(page);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
