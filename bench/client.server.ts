// Benchmark server (own process, so its work doesn't share the client's event loop): HTTPS requiring a
// client certificate, one small JSON answer. Reports TLS handshakes over IPC.
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

const { key, cert, ca } = JSON.parse(process.env.BENCH_TLS ?? '{}') as {
  key: string;
  cert: string;
  ca: string;
};
let handshakes = 0;
const body = JSON.stringify({ valid: true });
const server = createServer(
  { key, cert, ca, requestCert: true, rejectUnauthorized: true, keepAliveTimeout: 60_000 },
  (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    });
  },
);
server.on('secureConnection', () => handshakes++);
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (message) => {
  if (message === 'handshakes') process.send?.({ handshakes });
  if (message === 'stop') server.close(() => process.exit(0)) && server.closeAllConnections();
});
process.on('disconnect', () => process.exit(0));
