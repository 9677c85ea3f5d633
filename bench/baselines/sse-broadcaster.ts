// The baseline of the live chat: node:http holding the streams in a set. A POST of
// { conversation, text } numbers the message and offers it to every open stream, each of which
// writes it only when it follows that conversation: the shape of the product's fan-out, where
// every stream hears every notice and keeps its own.
import http from 'node:http';

type Stream = { conversation: string; response: http.ServerResponse };

const streams = new Set<Stream>();
let seq = 0;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname === '/healthz') return response.writeHead(200).end('ok');
  if (url.pathname === '/stream') {
    const stream = { conversation: url.searchParams.get('conversation') ?? '', response };
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.write('retry: 3000\n\n');
    streams.add(stream);
    response.on('close', () => streams.delete(stream));
    return;
  }
  if (url.pathname === '/publish' && request.method === 'POST') {
    void readBody(request).then((body) => {
      const { conversation, text } = JSON.parse(body) as { conversation: string; text: string };
      seq += 1;
      const event = `id: ${seq}\nevent: entry\ndata: ${JSON.stringify({ kind: 'message', text, seq })}\n\n`;
      for (const stream of streams) if (stream.conversation === conversation) stream.response.write(event);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ seq }));
    });
    return;
  }
  response.writeHead(404).end();
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const stream of streams) stream.response.destroy();
  server.close(() => process.exit(0));
});
