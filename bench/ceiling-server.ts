/**
 * The ceiling: a bare node:http server that answers every request with the same bytes (a feed
 * page captured from the real server), with the headers Fastify would send. Whatever the app does
 * on top of "write a JSON body" is the gap between this and the real scenarios.
 * Usage (by the bench): tsx ceiling-server.ts <file with the body> [content type, default JSON]
 */
import fs from 'node:fs';
import http from 'node:http';

const body = fs.readFileSync(process.argv[2]!);
const contentType = process.argv[3] ?? 'application/json; charset=utf-8';
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
server.listen(Number(process.env.BENCH_CEILING_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`BENCH_READY ${JSON.stringify({ port, pid: process.pid })}\n`);
});
