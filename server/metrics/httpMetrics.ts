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
  // One pair of labelled series per route, method and status, looked up by a plain string: a request then costs a
  // map lookup instead of a label object built and checked for each of the two series.
  const series = new Map<string, { counted: { inc(): void }; timed: { observe(seconds: number): void } }>();
  const seriesOf = (route: string, method: string, status: string) => {
    const key = `${route} ${method} ${status}`;
    let found = series.get(key);
    if (!found) {
      found = { counted: requests.labels(route, method, status), timed: duration.labels(route, method, status) };
      series.set(key, found);
    }
    return found;
  };
  return {
    served(route, method) {
      if (method === "HEAD" || !METHODS.has(method)) return;
      const leadPost = route === "/api/leads" && method === "POST";
      startAtZero(requests, everyCombination({ route: [route], method: [method], status: leadPost ? LEAD_STATUSES : ["500"] }));
      if (leadPost) startAtZero(duration, [{ route, method, status: "200" }]);
    },
    answered(route, method, status, seconds) {
      // An unmatched request is the site's 404 whatever its address: one series for all of them.
      const answer = seriesOf(route ?? "unmatched", knownOr(method, METHODS), statusLabel(status));
      answer.counted.inc();
      answer.timed.observe(seconds);
    },
  };
}

/** Counts every request `app` answers, with each route registered from now on counted from 0. */
export function countRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) metrics.served(route.url, method);
  });
  // A callback hook: counting is synchronous, and an async hook would cost every request a promise.
  app.addHook("onResponse", (request, reply, done) => {
    metrics.answered(request.routeOptions.url ?? undefined, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
