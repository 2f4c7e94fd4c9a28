/**
 * The metrics in Prometheus's text format at GET /metrics, on a port and address of their own (METRICS_PORT,
 * METRICS_HOST; loopback by default), so they are never reachable through the public port, and the process's health
 * as JSON at GET /api/health, so the address Prometheus scrapes (an alert's `instance`) answers both. A plain Node
 * server: it answers two paths, and neither waits behind the site's rate limits or hooks.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";

/** A listening metrics server. */
export interface MetricsServer {
  /** Where it listens, e.g. http://127.0.0.1:9464 */
  url: string;
  close(): Promise<void>;
}

/** The metrics port could not be had: the message names the address, the setting and why, for whoever starts the process. */
export class MetricsPortError extends Error {
  constructor(host: string, port: number, setting: string, cause: unknown) {
    const code = (cause as NodeJS.ErrnoException).code;
    const why = code === "EADDRINUSE" ? "it is taken by another program" : code === "EACCES" ? "this user may not listen on it" : String(cause);
    super(`The metrics could not be served on ${host}:${port} (${setting}): ${why}.`, { cause });
  }
}

/** A health answer: its status and JSON body. */
export interface HealthAnswer {
  statusCode: number;
  body: object;
}

/** Where to listen, and the process's health check. */
export interface MetricsServerOptions {
  host: string;
  port: number;
  health: () => Promise<HealthAnswer>;
}

/** Listens on host:port; rejects when the port cannot be had (taken, or not allowed). */
export async function startMetricsServer(registry: Registry, { host, port, health }: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    const read = request.method === "GET" || request.method === "HEAD";
    if (path === "/api/health" && read) {
      void health().then(({ statusCode, body }) => {
        response.writeHead(statusCode, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(request.method === "HEAD" ? undefined : JSON.stringify(body));
      });
      return;
    }
    if (path !== "/metrics" || !read) {
      response.writeHead(404, { "content-type": "text/plain; charset=utf-8" }).end("Not found: the metrics are at /metrics, the health check at /api/health\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "content-type": registry.contentType }).end(request.method === "HEAD" ? undefined : text),
      (error: unknown) => response.writeHead(500, { "content-type": "text/plain; charset=utf-8" }).end(`The metrics could not be collected: ${String(error)}\n`),
    );
  });
  await listen(server, host, port);
  const { address, port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(":") ? `[${address}]` : address}:${bound}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection alive between scrapes: do not wait for it to hang up.
        server.closeAllConnections();
      }),
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}
