/** Requests and their latency, by route pattern (Fastify's, never the raw URL with its postcode or query), method and status. */
import type { FastifyInstance, FastifyRequest } from "fastify";
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
  startAtZero(requests, [{ route: UNMATCHED, method: "GET", status: "404" }]);
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
      const answer = seriesOf(route ?? UNMATCHED, knownOr(method, METHODS), statusLabel(status));
      answer.counted.inc();
      answer.timed.observe(seconds);
    },
  };
}

/** The route label of a request no route took. */
export const UNMATCHED = "unmatched";

/** A request's route label as its log line names it: the pattern of the route it arrived on, else "unmatched". */
export function routeLabelOf(request: FastifyRequest): string {
  return (request as FastifyRequest & { [ARRIVED_ON]?: string })[ARRIVED_ON] ?? request.routeOptions?.url ?? UNMATCHED;
}

/**
 * The route a request arrived on, kept for its answer: a route that hands the request to the 404 handler (the site's
 * `/*` with no such page) leaves no pattern behind, and the request is logged under the one it arrived on.
 */
const ARRIVED_ON = Symbol("route arrived on");

/** Counts every request `app` answers, with each route registered from now on counted from 0. */
export function countRequests(app: FastifyInstance, metrics: HttpMetrics): void {
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) metrics.served(route.url, method);
  });
  app.decorateRequest(ARRIVED_ON, undefined);
  // Callback hooks: counting is synchronous, and an async hook would cost every request a promise.
  app.addHook("onRequest", (request, _reply, done) => {
    (request as FastifyRequest & { [ARRIVED_ON]?: string })[ARRIVED_ON] = request.routeOptions.url;
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    metrics.answered(routeLabelOf(request), request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
