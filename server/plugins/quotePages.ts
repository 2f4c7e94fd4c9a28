/**
 * GET /quote/…: the server serves each quote page in the version the visit is assigned. `?v=N` serves N as a
 * preview; otherwise the visit's cookie (made on its first quote page) is hashed with the flow id into the
 * weights in force (experiments/assignVersion.ts). The build pre-renders the first step of every version
 * (`v<N>.html` beside the page's `index.html`), so the HTML is the visit's own and scripts never draw it again.
 * A visit served a version by chance counts once per period as an exposure; previews, test visits (`tm`), bots,
 * prefetches and visitors who object to counting never do. A quote page the site's app draws itself (reached from
 * another page of the site) asks GET /api/quote-version for the same choice.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { quotePath } from "../../engine/core/quotePaths";
import { testModeOf } from "../../engine/core/testMode";
import { assignVisit } from "../experiments/assignVersion";
import { endVisit, isPrefetch, isUncountedFetch, objectsToCounting, startVisit, visitOf } from "../experiments/visits";
import type { FlowCatalog } from "../flowCatalog";
import { londonDate } from "../hours/londonClock";
import { ensurePeriod, recordExposure } from "../storage/experimentStore";
import { countUnknownVersion } from "../storage/unknownVersionsStore";
import type { Database } from "../storage/schema";

export interface QuotePagesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  now: () => Date;
  /** The built site's folder (absolute), holding each version's page. */
  siteDir: string;
}

/** The pre-rendered page of one version, beside the quote page's index.html. */
export const versionPageFile = (flowPath: string, version: number): string => path.posix.join("quote", flowPath, `v${version}.html`);

/** What the query asks of the page. */
interface QuoteQuery {
  v?: string;
  tm?: string;
}

async function quotePages(fastify: FastifyInstance, { db, flows, now, siteDir }: QuotePagesOptions): Promise<void> {
  // Whether the build wrote a version's page: checked once per file (a built site does not change while served).
  const built = new Map<string, Promise<boolean>>();
  const isBuilt = (file: string) => {
    let answer = built.get(file);
    if (!answer) built.set(file, (answer = stat(path.join(siteDir, file)).then((s) => s.isFile(), () => false)));
    return answer;
  };

  const handler = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const page = pathname.endsWith("/") ? pathname : `${pathname}/`;
    const flow = flows.corpus().flows.find((f) => quotePath(f.path) === page && f.defaultVersion !== undefined);
    if (!flow) return reply.callNotFound();
    if (page !== pathname) return reply.redirect(page + request.url.slice(pathname.length), 301);

    // No page built for the flow (an API-only server, or a flow added since the build): the site's 404.
    if (!fastify.hasReplyDecorator("sendFile") || !(await isBuilt(versionPageFile(flow.path, flow.defaultVersion!)))) return reply.callNotFound();
    const version = await serveVisit(request, reply, flow, (v) => isBuilt(versionPageFile(flow.path, v)));
    // The page differs from visit to visit: never from a shared cache, always checked with the server.
    reply.header("vary", "Cookie").header("cache-control", "private, no-cache");
    return reply.sendFile(versionPageFile(flow.path, version));
  };

  /**
   * The version this request is served (`available` says which versions can be), counting the exposure of a visit
   * served by chance.
   */
  const serveVisit = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply, flow: CorpusFlow, available: (version: number) => Promise<boolean>): Promise<number> => {
    const fallback = flow.defaultVersion!;
    const asked = request.query.v;
    if (asked !== undefined && asked !== "") {
      if (/^[1-9][0-9]{0,5}$/.test(asked) && flows.getFlow(flow.id, Number(asked)) && (await available(Number(asked)))) return Number(asked);
      // A mistyped or out-of-date campaign link: the default, and a count on /dev/flows/ (a short plain value only).
      if (/^[A-Za-z0-9._-]{1,16}$/.test(asked) && request.method === "GET" && !isPrefetch(request)) await countUnknownVersion(db, { day: londonDate(now()), flowId: flow.id, requested: asked });
      return fallback;
    }
    if (objectsToCounting(request)) {
      endVisit(request, reply);
      return fallback;
    }
    const visitId = visitOf(request) ?? startVisit(request, reply);
    const { period, version } = assignVisit(flow, visitId)!;
    if (!flows.getFlow(flow.id, version) || !(await available(version))) return fallback;
    if (request.method === "GET" && testModeOf(request.query.tm) !== true && !isUncountedFetch(request)) {
      const at = now();
      await ensurePeriod(db, flow.id, period, at);
      await recordExposure(db, { flowId: flow.id, periodId: period.id, visitId, version, at });
    }
    return version;
  };

  fastify.get("/quote", handler);
  fastify.get("/quote/*", handler);

  /**
   * GET /api/quote-version?flow=<id>[&v=N][&tm=1]: the same choice for a quote page the site's app draws itself
   * (a visitor moving to it from another page of the site), counted the same way. Answers `{ "version": N }`.
   */
  fastify.get<{ Querystring: QuoteQuery & { flow?: string } }>("/api/quote-version", async (request, reply) => {
    const flow = flows.corpus().flows.find((f) => f.id === request.query.flow && f.defaultVersion !== undefined);
    if (!flow) return reply.code(404).send({ code: "4", message: `Unknown quote form "${String(request.query.flow ?? "")}"` });
    const version = await serveVisit(request, reply, flow, async () => true);
    return reply.header("cache-control", "no-store").send({ version });
  });
}

export default quotePages;
