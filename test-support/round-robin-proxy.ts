import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  url: string;
  /** The header of every answer naming the instance that gave it (its index in the list). */
  readonly servedByHeader: 'x-served-by';
  stop(): Promise<void>;
}

/**
 * One address in front of several instances, as a load balancer places it: each request goes to
 * the next instance in turn, streamed both ways, with the Host kept and the client's address
 * added to X-Forwarded-For (what nginx's `proxy_add_x_forwarded_for` does). An instance that
 * cannot be reached answers 502, as a proxy would.
 */
export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true });
  const server = http.createServer((request, response) => {
    const index = next;
    next = (next + 1) % upstreams.length;
    const target = new URL(request.url ?? '/', upstreams[index]);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(target, {
      method: request.method,
      agent,
      headers: { ...request.headers, 'x-forwarded-for': forwardedFor, 'x-forwarded-proto': 'http' },
    });
    upstream.on('response', (answer) => {
      response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
      answer.pipe(response);
    });
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'x-served-by': String(index) });
      response.end();
    });
    // A client that goes away takes its upstream request with it.
    response.on('close', () => {
      if (!response.writableFinished) upstream.destroy();
    });
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    servedByHeader: 'x-served-by',
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
