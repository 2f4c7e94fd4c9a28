/**
 * GET /analysts/flows/: every quote flow's test in a line (server/analysts/flowsPage.ts), as the server reads forms/
 * now, from each flow's experiment report over its current period; GET /analysts/flows/<flow>/: the flow's own page
 * (server/analysts/flowPage.ts); /analysts/guide/: the analysts' guide the pages' terms link to; and each version's
 * picture, drawn by the build into the analysts' pictures folder (never the public site's). Registered behind the
 * analysts' gate (analystsRoutes.ts).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { CorpusFlow } from "../../engine/core/flowCorpus";
import { guidePageHtml } from "../analysts/guidePage";
import { flowPageHtml } from "../analysts/flowPage";
import { periodOrigin } from "../analysts/periodOrigin";
import { privatePage } from "../analysts/analystsAnswers";
import { flowsPageHtml } from "../analysts/flowsPage";
import { needsRole } from "../analysts/needsRole";
import { analyseExperiment, type ExperimentReport } from "../experiments/experimentReport";
import type { FlowCatalog } from "../flowCatalog";
import { leftOutVisitsSince } from "../storage/leftOutVisitsStore";
import { unknownVersionCounts } from "../storage/unknownVersionsStore";
import { loadExperimentCounts } from "../storage/experimentStore";
import type { Database } from "../storage/schema";

export interface AnalystsFlowsRoutesOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  /** The folder of the flows' pictures (`<flow>-v<N>.svg`, with .br and .gz copies), written by scripts/formsGallery.ts. */
  picturesDir: string;
  /** The signed-in analyst's name, for the sign-out button; undefined where no sign-in is needed. */
  analystOf: (request: FastifyRequest) => string | undefined;
  /** How long after its exposure a visit's outcome counts as settled (RESULTS_SETTLE_HOURS). */
  settleHours: number;
  now: () => Date;
}

const PICTURE = /^[a-z0-9-]+-v\d+\.svg$/;

/** The page and the pictures. */
export default async function analystsFlowsRoutes(fastify: FastifyInstance, { db, flows, picturesDir, analystOf, settleHours, now }: AnalystsFlowsRoutesOptions): Promise<void> {
  // Results are for every analyst: a reader is the least role there is.
  fastify.addHook("preHandler", needsRole("reader"));
  fastify.get("/analysts/flows", (_request, reply) => reply.redirect("/analysts/flows/", 301));
  const reportOf = async (flow: CorpusFlow): Promise<ExperimentReport | undefined> => {
    const counts = await loadExperimentCounts(db, flow, undefined, { now: now(), settleHours });
    return counts && analyseExperiment(counts);
  };
  const html = (reply: FastifyReply, page: string) => privatePage(reply).type("text/html; charset=utf-8").send(page);

  fastify.get("/analysts/flows/", async (request, reply) => {
    const corpus = flows.corpus();
    const experiments = new Map<string, ExperimentReport>();
    for (const flow of corpus.flows) {
      const report = await reportOf(flow);
      if (report) experiments.set(flow.id, report);
    }
    return html(reply, flowsPageHtml(corpus, experiments, analystOf(request)));
  });
  fastify.get<{ Params: { flow: string } }>("/analysts/flows/:flow/", async (request, reply) => {
    const corpus = flows.corpus();
    const flow = corpus.flows.find((f) => f.id === request.params.flow);
    if (!flow) return reply.callNotFound();
    const report = await reportOf(flow);
    const unknown = (await unknownVersionCounts(db)).filter((u) => u.flowId === flow.id && !flow.versions.some((v) => v.flow && String(v.version) === u.requested));
    const signedIn = analystOf(request);
    const origin = report ? await periodOrigin(db, flow.id, report.period) : undefined;
    return html(
      reply,
      flowPageHtml({
        flow,
        report,
        // Without a period, every visit left out so far.
        leftOut: report ? report.leftOut : await leftOutVisitsSince(db, flow.id, ""),
        findings: corpus.findings.filter((f) => f.file.startsWith(`${corpus.root}/${flow.id}/`)),
        unknown,
        ...(origin ? { origin } : {}),
        ...(signedIn === undefined ? {} : { signedIn }),
      }),
    );
  });
  fastify.get("/analysts/guide", (_request, reply) => reply.redirect("/analysts/guide/", 301));
  fastify.get("/analysts/guide/", async (request, reply) => html(reply, await guidePageHtml(analystOf(request))));
  fastify.get<{ Params: { picture: string } }>("/analysts/flows/:picture", async (request, reply) => {
    const { picture } = request.params;
    const found = PICTURE.test(picture) ? await readPicture(path.join(picturesDir, picture), request.headers["accept-encoding"]) : undefined;
    if (!found) return reply.callNotFound();
    privatePage(reply).header("vary", "accept-encoding").type("image/svg+xml");
    if (found.encoding) reply.header("content-encoding", found.encoding);
    return reply.send(found.body);
  });
}

/** The picture, as its compressed copy when the client takes one; undefined when there is no such picture. */
async function readPicture(file: string, acceptEncoding: string | string[] | undefined): Promise<{ body: Buffer; encoding?: "br" | "gzip" } | undefined> {
  const accepted = String(acceptEncoding ?? "");
  for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
    const body = await readFile(`${file}${suffix}`).catch(() => undefined);
    if (body) return { body, encoding };
  }
  const body = await readFile(file).catch(() => undefined);
  return body && { body };
}
