/**
 * GET /quote/…: the server serves each quote page in the version the visit is assigned. `?v=N` serves N as a
 * preview; otherwise the visit's cookie (made on its first quote page) is hashed with the flow id into the
 * weights in force (experiments/assignVersion.ts). The build pre-renders the first step of every version
 * (`v<N>.html` beside the page's `index.html`), so the HTML is the visit's own and scripts never draw it again.
 * A visit served a version by chance counts once per period as an exposure; previews, test visits (`tm`), bots,
 * prefetches and visitors who object to counting never do.
 */
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { assignVersion } from "../experiments/assignVersion";
import { currentPeriod } from "../experiments/experimentPeriod";
import { endVisit, isUncountedFetch, objectsToCounting, startVisit, visitOf } from "../experiments/visits";
import { quotePagePath, type FlowCatalog } from "../flowCatalog";
import { londonDate } from "../hours/londonClock";
import { ensurePeriod, recordExposure } from "../storage/experimentStore";
import { countUnknownVersion } from "../storage/unknownVersionsStore";
import type { Database } from "../storage/schema";

export interface QuotePagesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  now: () => Date;
}

/** The pre-rendered page of one version, beside the quote page's index.html. */
export const versionPageFile = (flowPath: string, version: number): string => path.posix.join("quote", flowPath, `v${version}.html`);

/** What the query asks of the page. */
interface QuoteQuery {
  v?: string;
  tm?: string;
}

/** How one request is served. */
interface Serving {
  version: number;
  /** Served by chance to a counted visit: an exposure. */
  visitId?: string;
}

async function quotePages(fastify: FastifyInstance, { db, flows, now }: QuotePagesOptions): Promise<void> {
  const handler = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const page = pathname.endsWith("/") ? pathname : `${pathname}/`;
    const flow = flows.corpus().flows.find((f) => quotePagePath(f.path) === page && f.defaultVersion !== undefined);
    if (!flow) return reply.callNotFound();
    if (page !== pathname) return reply.redirect(page + request.url.slice(pathname.length), 301);

    const serving = await chooseVersion(request, reply, flow);
    const counted = serving.visitId !== undefined && request.method === "GET" && !isTestVisit(request.query.tm) && !isUncountedFetch(request);
    if (counted) {
      const period = currentPeriod(flow)!;
      const at = now();
      await ensurePeriod(db, flow.id, period, at);
      await recordExposure(db, { flowId: flow.id, periodId: period.id, visitId: serving.visitId!, version: serving.version, at });
    }
    // The page differs from visit to visit: never from a shared cache, always checked with the server.
    reply.header("vary", "Cookie").header("cache-control", "private, no-cache");
    return reply.sendFile(versionPageFile(flow.path, serving.version));
  };

  /** The version this request gets, and the visit to count when it is a counted visit. */
  const chooseVersion = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply, flow: CorpusFlow): Promise<Serving> => {
    const fallback = flow.defaultVersion!;
    const asked = request.query.v;
    if (asked !== undefined && asked !== "") {
      if (/^[1-9][0-9]{0,5}$/.test(asked) && flows.getFlow(flow.id, Number(asked))) return { version: Number(asked) };
      // A mistyped or out-of-date campaign link: the default, and a count on /dev/flows/ (a short plain value only).
      if (/^[A-Za-z0-9._-]{1,16}$/.test(asked) && !isUncountedFetch(request)) await countUnknownVersion(db, { day: londonDate(now()), flowId: flow.id, requested: asked });
      return { version: fallback };
    }
    if (objectsToCounting(request)) {
      endVisit(request, reply);
      return { version: fallback };
    }
    const visitId = visitOf(request) ?? startVisit(request, reply);
    const period = currentPeriod(flow)!;
    const version = assignVersion(visitId, flow.id, period.weights, fallback);
    return flows.getFlow(flow.id, version) ? { version, visitId } : { version: fallback };
  };

  fastify.get("/quote", handler);
  fastify.get("/quote/*", handler);
}

/** `tm` as the page's script reads it (site/tracking/dataLayer.ts): present and not 0 or false. */
function isTestVisit(tm: string | undefined): boolean {
  return tm !== undefined && tm !== "0" && tm.toLowerCase() !== "false";
}

export default quotePages;
