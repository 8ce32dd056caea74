/**
 * The baseline of the upload benchmark: a bare Node http server that pipes each request body to
 * a file and answers 201. Prints one JSON line { port } once it listens.
 * Usage: tsx bench/upload/baseline-server.ts <dir>
 */
import { createWriteStream } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.argv[2];
if (!dir) throw new Error('usage: baseline-server.ts <dir>');
let n = 0;
const server = http.createServer(async (req, res) => {
  try {
    await pipeline(req, createWriteStream(path.join(dir, `upload-${(n += 1)}`)));
    res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
  } catch {
    res.writeHead(500).end();
  }
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
