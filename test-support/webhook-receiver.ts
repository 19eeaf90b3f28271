/**
 * Shared by the server's integration tests and the browser tests: a client's back office that
 * receives the portal's webhooks. Neither suite imports the other.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** How the receiver answers one request: a status code, or no answer for a while. */
export type ReceiverAnswer = { status: number; location?: string } | { hangMs: number };

export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** Whether the secrets the receiver trusts (standardwebhooks' own verification) accept it. */
  isVerified: boolean;
  path: string;
}

/**
 * A back office's receiver on 127.0.0.1: it verifies each message with the Standard Webhooks
 * library and the secrets it is given, keeps what it received, and answers as told (200 unless
 * a planned answer is queued).
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly planned: ReceiverAnswer[] = [];
  private secrets: string[] = [];
  private server = http.createServer((request, response) => this.receive(request, response));

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  url(path = '/hooks'): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  /** Secrets that verify messages from now on, beside those trusted already (any of them may). */
  trust(...secrets: string[]): void {
    this.secrets.push(...secrets);
  }

  /** The secrets trusted now. */
  trusted(): string[] {
    return [...this.secrets];
  }

  /** Secrets that verify no message any more. */
  forget(...secrets: string[]): void {
    this.secrets = this.secrets.filter((secret) => !secrets.includes(secret));
  }

  /** The answers of the next requests, in order; 200 after them. */
  plan(...answers: ReceiverAnswer[]): void {
    this.planned.push(...answers);
  }

  /** Forgets the answers planned and not given yet: 200 from now on. */
  clearPlan(): void {
    this.planned.length = 0;
  }

  /** Waits until `count` messages matching have arrived. */
  async waitFor(
    count: number,
    matches: (message: ReceivedWebhook) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.filter(matches);
      if (found.length >= count) return found;
      if (Date.now() > deadline)
        throw new Error(
          `expected ${count} webhooks, received ${found.length}: ${JSON.stringify(this.received.map((m) => m.payload.type))}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private isVerified(body: string, headers: Record<string, string>): boolean {
    return this.secrets.some((secret) => {
      try {
        new Webhook(secret).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    });
  }

  private receive(request: http.IncomingMessage, response: http.ServerResponse) {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(request.headers['webhook-id']),
        'webhook-timestamp': String(request.headers['webhook-timestamp']),
        'webhook-signature': String(request.headers['webhook-signature']),
      };
      this.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        payload: JSON.parse(body) as ReceivedWebhook['payload'],
        isVerified: this.isVerified(body, headers),
        path: request.url ?? '',
      });
      const answer = this.planned.shift() ?? { status: 200 };
      if ('hangMs' in answer) {
        setTimeout(() => response.writeHead(200).end(), answer.hangMs).unref();
        return;
      }
      response.writeHead(answer.status, answer.location ? { location: answer.location } : {}).end();
    });
  }
}
