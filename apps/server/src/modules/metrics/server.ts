// Issue #22: /metrics on a port of its own (METRICS_PORT, on METRICS_HOST – loopback by default),
// for a Prometheus that reaches the instances on a private network: no token there, and nothing
// else served. The public port then keeps answering 404 unless METRICS_TOKEN is set too.

import { createServer, type Server } from 'node:http';
import type { PortalMetrics } from './metrics.js';

export async function startMetricsServer(metrics: PortalMetrics, host: string, port: number): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Tidak ditemukan.\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
