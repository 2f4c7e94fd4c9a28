/** A buyer's webhook on this machine: records every delivery and answers as a test scripts it. */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BuyerPayload } from "../../../server/delivery/buyerPayload";

/** One request the receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  idempotencyKey: string;
  rawBody: string;
  body: BuyerPayload;
  /** Milliseconds since the receiver started. */
  at: number;
}

/** How to answer one request: a status (with headers and body), or never (a time-out). */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang";

/** A running receiver. */
export interface Receiver {
  /** The base URL, e.g. http://127.0.0.1:43211 */
  url: string;
  received: Received[];
  /** Answers for the next requests, in order; after them, 200 `{"result":"Success"}`. */
  script(...answers: Answer[]): void;
  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

const SUCCESS: Answer = { status: 200, headers: { "content-type": "application/json" }, body: '{"result":"Success"}' };

/** Starts a receiver on 127.0.0.1 on a free port; `delayMs` holds every answer that long (a slow buyer). */
export async function startReceiver({ delayMs = 0 }: { delayMs?: number } = {}): Promise<Receiver> {
  const received: Received[] = [];
  const queue: Answer[] = [];
  const started = performance.now();
  const waiters = new Set<() => void>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const rawBody = Buffer.concat(chunks).toString("utf8");
      received.push({
        path: request.url ?? "",
        headers: request.headers,
        idempotencyKey: String(request.headers["idempotency-key"] ?? ""),
        rawBody,
        body: JSON.parse(rawBody) as BuyerPayload,
        at: performance.now() - started,
      });
      for (const wake of waiters) wake();
      const how = queue.shift() ?? SUCCESS;
      if (delayMs > 0) setTimeout(() => answer(response, how), delayMs);
      else answer(response, how);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    script: (...answers) => queue.push(...answers),
    waitFor(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`receiver: ${received.length} of ${count} deliveries arrived within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function answer(response: ServerResponse, how: Answer): void {
  // A hang is ended by the worker's time-out; close() drops the socket. A sender may be gone already.
  if (how === "hang" || response.destroyed) return;
  response.writeHead(how.status, how.headers ?? {});
  response.end(how.body ?? "");
}
