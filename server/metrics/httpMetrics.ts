/** Requests and their latency, by route pattern (Fastify's, never the raw URL with its postcode or query), method and status. */
import type { FastifyInstance } from "fastify";
import { Counter, Histogram, type Registry } from "prom-client";
import { everyCombination, knownOr, startAtZero, statusLabel } from "./labels";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Seconds: a page or an API answer is milliseconds; a durable lead is tens of them under load. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a lead post may be answered, counted from 0 so the first failure after a start shows in rate(). */
const LEAD_STATUSES = ["200", "400", "403", "409", "413", "415", "429", "500", "503"];

/** The HTTP series. */
export interface HttpMetrics {
  /** Counts one answered request. `route` is the route's pattern, undefined when no route matched. */
  answered(route: string | undefined, method: string, status: number, seconds: number): void;
  /** A route the server serves: its 500s (and a lead post's every answer) are counted from 0. */
  served(route: string, method: string): void;
}

/** Registers the HTTP series on `registry`. */
export function httpMetrics(registry: Registry): HttpMetrics {
  const labelNames = ["route", "method", "status"] as const;
  const requests = new Counter({ name: "switchplan_http_requests_total", help: "HTTP requests answered, by route pattern, method and status.", labelNames, registers: [registry] });
  const duration = new Histogram({
    name: "switchplan_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status.",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  startAtZero(requests, [{ route: "unmatched", method: "GET", status: "404" }]);
  return {
    served(route, method) {
      if (method === "HEAD" || !METHODS.has(method)) return;
      const leadPost = route === "/api/leads" && method === "POST";
      startAtZero(requests, everyCombination({ route: [route], method: [method], status: leadPost ? LEAD_STATUSES : ["500"] }));
      if (leadPost) startAtZero(duration, [{ route, method, status: "200" }]);
    },
    answered(route, method, status, seconds) {
      // An unmatched request is the site's 404 whatever its address: one series for all of them.
      const labels = { route: route ?? "unmatched", method: knownOr(method, METHODS), status: statusLabel(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}

/** Counts every request `app` answers, with each route registered from now on counted from 0. */
export function countRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) metrics.served(route.url, method);
  });
  app.addHook("onResponse", async (request, reply) => {
    metrics.answered(request.routeOptions.url ?? undefined, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
