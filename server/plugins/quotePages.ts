/**
 * GET /quote/…: the server serves each quote page in the version the visit is assigned. `?v=N` serves N as a
 * preview; otherwise the visit's cookie (made on its first quote page) is hashed with the flow id into the
 * weights in force (experiments/assignVersion.ts). Every version's first page, built or published since, is made one
 * way and kept as bytes (server/versionPages/), so the HTML is the visit's own and scripts never draw it again; the
 * request only picks the bytes for the browser's encoding, or answers 304 when it holds them.
 * A visit served a version by chance counts once per period as an exposure and, served the page itself, as reaching
 * the version's first step (the page is that step, whether or not its scripts run); previews, test visits (`tm`), bots,
 * prefetches and visitors who object to counting never do. A quote page the site's app draws itself (reached from
 * another page of the site) asks GET /api/quote-version for the same choice.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import type { FlowDocument } from "../../engine/core/types";
import { quotePath } from "../../engine/core/quotePaths";
import { testModeOf } from "../../engine/core/testMode";
import { assignVisit } from "../experiments/assignVersion";
import { newVisit } from "../experiments/newVisits";
import { endVisit, isPrefetch, isUncountedFetch, objectsToCounting, visitOf } from "../experiments/visits";
import type { FlowCatalog } from "../flowCatalog";
import { londonDate } from "../hours/londonClock";
import { ensurePeriod, recordExposure, recordStepReach } from "../storage/experimentStore";
import { namedSource } from "../storage/experiments/namedSources";
import { deviceClass, hostName, trafficSource } from "../experiments/visitSegments";
import { escapeHtml, plainPage } from "../plainPage";
import type { PlainQuote, StepPage } from "../plainQuote/plainQuote";
import { sendTooMany, stepGetLimits } from "../plainQuote/stepLimits";
import { postedFromAnotherSite } from "../security/crossSitePost";
import { PLAIN_NOTICES } from "../plainQuote/plainQuote";
import { STEP_FIELD, STEP_PARAM, VERSION_FIELD } from "../../engine/core/servedStep";
import { countUnknownVersion } from "../storage/unknownVersionsStore";
import type { Database } from "../storage/schema";
import type { ClientBudget } from "../security/clientBudget";
import { QUOTE_SESSIONS_SPENT, takeQuoteSessionStart } from "../plainQuote/quoteSessionBudget";
import { plainStepOutcome, type ExperimentMetrics, type PlainStepOutcome } from "../metrics/experimentMetrics";
import type { QuotePageFiles } from "../quotePageFiles";
import { sendVersionPage } from "../versionPages/sendVersionPage";
import { sendUnavailablePage } from "./flowUnavailablePages";

export interface QuotePagesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  now: () => Date;
  /** The built site's folder (absolute), holding the error page. */
  siteDir: string;
  /** The built site's quote pages: each version's, and the flows' that a version published since is drawn into. */
  pages: QuotePageFiles;
  /** Steps posted as plain forms and drawn by the server (a quote without scripts). */
  plain: PlainQuote;
  /** Plain step posts a client may send per rate-limit window (a quote is a dozen of them); step pages drawn likewise. */
  plainRateLimitMax: number;
  /** New visits counted and quote sessions started per client address. */
  budgets: { newVisits: ClientBudget; quoteSessions: ClientBudget };
  /** The site's own origin: a step is taken only from its pages. */
  siteOrigin: () => string;
  /** Counts exposures and plain steps (when the server exports metrics). */
  metrics?: ExperimentMetrics;
  /** Whether a flow's pages may be indexed (studio/listedFlows.ts); a flow that may not is also sent `X-Robots-Tag: noindex`. */
  indexed?: (flowId: string) => boolean;
}

/** What the query asks of the page. */
interface QuoteQuery {
  v?: string;
  tm?: string;
  step?: string;
  utm_source?: string;
}

const FORM_TYPE = "application/x-www-form-urlencoded";

async function quotePages(fastify: FastifyInstance, { db, flows, now, siteDir, plain, plainRateLimitMax, budgets, siteOrigin, metrics, pages, indexed = () => true }: QuotePagesOptions): Promise<void> {
  const { stepRenderer, hasPage } = pages;
  // Every version's first page is made at start, then each version the published state gains as it is first seen.
  let warmed = flows.corpus();
  void pages.warm(warmed);
  const warmChanges = () => {
    if (flows.corpus() === warmed) return;
    warmed = flows.corpus();
    void pages.warm(warmed);
  };
  fastify.addHook("onClose", async () => pages.close());
  const sendStepPage = async (request: FastifyRequest, reply: FastifyReply, page: StepPage) => {
    const drawn = await (await stepRenderer())?.render(page.flow, page.served);
    // The page holds the visitor's answers: never kept by any cache, and fetched again on the browser's Back.
    reply.code(page.status).header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!indexed(page.flow.id)) reply.header("x-robots-tag", "noindex");
    if (drawn !== undefined) {
      reply.header("vary", "accept-encoding");
      if (!/\bbr\b/.test(String(request.headers["accept-encoding"] ?? ""))) return reply.send(drawn.html);
      return reply.header("content-encoding", "br").send(drawn.br);
    }
    // An API-only server (or a version built since): the notice and a way on, as a small page of its own.
    const step = page.served.walk.stepId;
    const main = `${page.served.notice ? `<p>${escapeHtml(page.served.notice)}</p>` : ""}<p><a href="${escapeHtml(quotePath(page.flow.path))}?${escapeHtml(new URLSearchParams({ [STEP_PARAM]: step }).toString())}">Continue</a></p>`;
    return reply.send(plainPage(page.flow.title, main));
  };

  const stepLimit = stepGetLimits(fastify, plainRateLimitMax);

  /** The flow whose page this address is, or a reply already sent (not a quote page, or a missing slash). */
  const pageFlow = (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const page = pathname.endsWith("/") ? pathname : `${pathname}/`;
    const flow = flows.corpus().flows.find((f) => quotePath(f.path) === page && f.defaultVersion !== undefined);
    if (!flow) return { sent: reply.callNotFound() };
    if (page !== pathname) return { sent: reply.redirect(page + request.url.slice(pathname.length), request.method === "GET" || request.method === "HEAD" ? 301 : 308) };
    return { flow };
  };

  const handler = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply) => {
    const found = pageFlow(request, reply);
    if (!found.flow) return found.sent;
    const { flow } = found;
    warmChanges();

    // A step past the first, drawn by the server from the visit's kept answers.
    if (request.query.step !== undefined) {
      const limit = await stepLimit(request);
      if (!limit.allowed) return sendTooMany(reply, limit.retryAfter);
      const page = await plain.stepPage(request, flows.getFlow(flow.id, flow.defaultVersion!)!);
      if ("redirect" in page) return reply.header("cache-control", "no-store").redirect(page.redirect, 303);
      return sendStepPage(request, reply, page);
    }

    // No page for the flow (an API-only server, or a site built without its server bundle for a flow added since): the site's 404.
    if (!fastify.hasReplyDecorator("sendFile") || !(await pages.hasFlowPage(flow))) return reply.callNotFound();
    const version = await serveVisit(request, reply, flow, (v) => hasPage(flow, v), { asked: request.query.v, shows: request.method === "GET", showsStart: true });
    // The page differs from visit to visit: never from a shared cache, always checked with the server.
    reply.header("vary", "Cookie").header("cache-control", "private, no-cache");
    const page = await pages.firstPage(flows.getFlow(flow.id, version)!).catch((error: unknown) => {
      request.log.error({ err: error, flowId: flow.id, version }, `Quote flow ${flow.id}: v${version}'s page could not be made`);
      return undefined;
    });
    // The control has no page this server can send (quotePageFiles.ts): the error page, and /api/health names the flow.
    if (page === undefined) {
      request.log.error({ flowId: flow.id, version }, `Quote flow ${flow.id}: v${version} has no page this server can draw; answering ${quotePath(flow.path)} with the error page`);
      return sendUnavailablePage(reply, siteDir);
    }
    if (!indexed(flow.id)) reply.header("x-robots-tag", "noindex");
    return sendVersionPage(request, reply, page);
  };

  /**
   * The version this request is served (`available` says which versions can be), counting the exposure of a visit
   * served by chance, and its reach of the version's first step when the answer is that step's page.
   */
  const serveVisit = async (
    request: FastifyRequest<{ Querystring: QuoteQuery }>,
    reply: FastifyReply,
    flow: CorpusFlow,
    available: (version: number) => Promise<boolean>,
    // What the request asks of this flow: its `?v=`, whether it shows the flow (a GET of its page does), whether what
    // it shows is the first step, and the version a posted form was drawn for (its `_ver`).
    { asked, shows, showsStart = false, drawnFor }: { asked: string | undefined; shows: boolean; showsStart?: boolean; drawnFor?: string | undefined } = {
      asked: request.query.v,
      shows: request.method === "GET",
    },
  ): Promise<number> => {
    const servable = async (version: string | undefined) =>
      version !== undefined && /^[1-9][0-9]{0,5}$/.test(version) && flows.getFlow(flow.id, Number(version)) !== undefined && (await available(Number(version)));
    // Without a visit, a form is answered in the version it was drawn for, else the default: a version drawn afresh
    // would check the answer against another version's question.
    const fallback = (await servable(drawnFor)) ? Number(drawnFor) : flow.defaultVersion!;
    if (asked !== undefined && asked !== "") {
      if (await servable(asked)) return Number(asked);
      // A mistyped or out-of-date campaign link: the default, and a count on /analysts/flows/ (a bounded set of values).
      if (request.method === "GET" && !isPrefetch(request)) await countUnknownVersion(db, { day: londonDate(now()), flowId: flow.id, requested: asked });
      return fallback;
    }
    if (objectsToCounting(request)) {
      endVisit(request, reply);
      return fallback;
    }
    const counted = shows && testModeOf(request.query.tm) !== true && !isUncountedFetch(request);
    // A visit starts as a page is served, never with a post: a browser that keeps no cookies would start one per post.
    const visitId = visitOf(request) ?? (request.method === "POST" ? undefined : await newVisit(budgets.newVisits, request, reply, counted ? { db, flowId: flow.id, day: londonDate(now()) } : undefined));
    if (!visitId) return fallback;
    const { period, version } = assignVisit(flow, visitId)!;
    if (!flows.getFlow(flow.id, version) || !(await available(version))) return fallback;
    if (counted) {
      const at = now();
      await ensurePeriod(db, flow.id, period, at);
      const segments = { device: deviceClass(request.headers["user-agent"]), source: await namedSource(db, flow.id, arrivalSource(request)) };
      if (await recordExposure(db, { flowId: flow.id, periodId: period.id, visitId, version, at, ...segments })) metrics?.exposed(flow.id, version);
      // Counted as the page is served, not as its answer is posted, so a quote without scripts counts its first step as
      // the browser's beacon does: the funnel's first step is the visits served. The beacon, or the first answer posted,
      // then finds the row there (one per visit and step).
      if (showsStart) await recordStepReach(db, { flowId: flow.id, periodId: period.id, visitId, stepId: flows.getFlow(flow.id, version)!.start });
    }
    return version;
  };

  /** Where the visit came from: its utm_source, else a referrer other than the site itself, else "direct". */
  const arrivalSource = (request: FastifyRequest<{ Querystring: QuoteQuery }>) =>
    trafficSource({
      utmSource: request.query.utm_source,
      referer: request.headers.referer,
      ownHosts: [new URL(siteOrigin()).hostname, hostName(request.headers.host)].filter((h): h is string => h !== undefined),
    });

  fastify.get("/quote", handler);
  fastify.get("/quote/*", handler);

  // A step's plain form: read as the browser sent it (a name may repeat, as a checkbox group's does).
  fastify.addContentTypeParser(FORM_TYPE, { parseAs: "string", bodyLimit: 16_384 }, (_request, body, done) => done(null, new URLSearchParams(String(body))));
  const post = async (request: FastifyRequest<{ Querystring: QuoteQuery }>, reply: FastifyReply) => {
    const found = pageFlow(request, reply);
    if (!found.flow) return found.sent;
    const { flow } = found;
    const defaultFlow = flows.getFlow(flow.id, flow.defaultVersion!)!;
    if (!(request.body instanceof URLSearchParams)) return reply.code(415).send({ code: "3", message: "A quote step is sent as a form" });
    const stepId = request.body.get(STEP_FIELD) ?? "";
    const counted = (outcome: PlainStepOutcome) => metrics?.plainStepPosted(flow.id, stepId, outcome);
    // Another site's page may not answer for the visitor.
    if (postedFromAnotherSite(request, siteOrigin())) {
      counted("other_site");
      return sendStepPage(request, reply, firstStepWith(defaultFlow, 403, PLAIN_NOTICES.otherSite));
    }
    // A quote session is one more row kept a day: one address may start only so many.
    const starting = await takeQuoteSessionStart(budgets.quoteSessions, request);
    if (!starting.allowed) {
      counted("too_many");
      return sendStepPage(request, reply.header("retry-after", String(starting.retryAfterSeconds)), firstStepWith(defaultFlow, 429, QUOTE_SESSIONS_SPENT));
    }
    // The version of this page's flow, or of another flow the visitor moves into (shown to them from here).
    const drawnFor = request.body.get(VERSION_FIELD) ?? undefined;
    const version = (flowId?: string) => {
      const other = flowId === undefined ? undefined : flows.corpus().flows.find((f) => f.id === flowId && f.defaultVersion !== undefined);
      if (!other) return serveVisit(request, reply, flow, (v) => hasPage(flow, v), { asked: request.query.v, shows: false, drawnFor });
      return serveVisit(request, reply, other, async (v) => flows.getFlow(other.id, v) !== undefined, { asked: undefined, shows: true });
    };
    const outcome = await plain.postStep(request, reply, defaultFlow, version);
    counted(plainStepOutcome(outcome));
    if ("redirect" in outcome) return reply.header("cache-control", "no-store").redirect(outcome.redirect, 303);
    return sendStepPage(request, reply, outcome);
  };
  fastify.post("/quote", { config: { rateLimit: { max: plainRateLimitMax } } }, post);
  fastify.post("/quote/*", { config: { rateLimit: { max: plainRateLimitMax } } }, post);

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

/** The flow's first step, empty, with a notice: the page for a post that is refused before any state is read. */
function firstStepWith(flow: FlowDocument, status: number, notice: string): StepPage {
  return { flow, status, served: { walk: { stepId: flow.start, history: [] }, answers: {}, errors: [], revision: 0, query: "", partners: [], open: false, notice } };
}

export default quotePages;
