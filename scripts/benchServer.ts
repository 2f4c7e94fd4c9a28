/**
 * `npm run bench:server`: the real server in its own process on 127.0.0.1, SQLite (WAL, synchronous=FULL),
 * measured in one run at --connections (32) clients for --seconds (5) per phase:
 *   1. GET /api/health alone;
 *   2. durable POST /api/leads alone (replayed, routed, stored with its delivery rows, answered after commit);
 *   3. the same leads again, with a load balancer's health check (--probes connections, 2) beside them, sent
 *      from a thread of its own as a load balancer is apart from the visitors: the probes' latencies are the
 *      server's, not the wait of this process's event loop behind the visitors' answers;
 *   4. a quote step posted as a plain form (a visitor without scripts): each client answers business energy's
 *      questions in turn, one POST /quote/business-energy/ per step (read, checked, moved on by the engine, kept
 *      with a conditional write, answered 303), starting a new quote after the last question;
 *   then the analysts' report page (GET /analysts/flows/, by HTTP Basic as the analyst of a scratch analysts file,
 *      over --visits (1,000,000) visits of business energy written into the store before the server starts)
 *      read 10 times a second, with the health probes beside it: the report must never hold the server;
 *   5. on a second server that serves the built site (dist/, from `npm run build`): a version's pre-rendered quote
 *      page, for comparison, then a step drawn for a visitor without scripts (GET `?step=`, with the quote cookie of
 *      one posted first answer), with the health probes beside it as in phase 3;
 *   6. on that server, a static file (/favicon.svg) and a pre-rendered page (/business-energy/) probed from a thread
 *      of their own, alone and then beside --sign-ins (200) clients posting wrong sign-ins, each post from an
 *      address and for a name of its own (X-Forwarded-For, with TRUST_PROXY=1), so no limit stops them and every
 *      one asks for a password check: the files must stay fast however many sign-ins arrive.
 * It prints requests/s, p50 and p99 of each, the leads/health ratio, and the health p99 while leads are
 * posted, each beside its target; and the machine's load average, as other work there skews every figure.
 * With --metrics the servers export the operators' metrics (METRICS_PORT), scraped every second throughout:
 * run it with and without, one after the other, to see what counting costs.
 * With --store postgres (or both) it measures durable leads alone, on PostgreSQL (a scratch schema of
 * TEST_DATABASE_URL's database) or on both stores taking turns for --rounds rounds (scripts/bench/leadStores.ts).
 * With --metrics-cost it measures the server's CPU per request with metrics on against off, in --pairs (5) pairs
 * (scripts/bench/metricsCost.ts, scraped every --scrape-every seconds, 1; needs `npm run build`).
 * With --certificates it measures leads/s with consent certificates against without, in --pairs (5) pairs, from
 * visits as real visitors make them, and the signing time per lead (scripts/bench/certificateCost.ts; needs
 * `npm run build`).
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { loadSettings, postLead, root, startLeadServer, uncappedBuyersFile } from "./support/leadServer";
import { freePort, scrapeEvery } from "./support/metricsScraper";
import { percentile, probeApart, type Phase } from "./bench/phases";
import { readReportPaced } from "./bench/analystsReport";
import { benchLeadStores, type Store } from "./bench/leadStores";
import { benchMetricsCost } from "./bench/metricsCost";
import { benchCertificateCost } from "./bench/certificateCost";
import { floodSignIns, type Flood } from "./bench/signInFlood";
import { seedVisits } from "./bench/seedVisits";
import { scratchAnalyst } from "./support/scratchAnalyst";
import { formsDirFromEnv, loadFlowCorpus } from "../engine/node/formsFolder";
import { nextMove, stepById } from "../engine/core/walkFlow";
import type { Answers, FlowDocument } from "../engine/core/types";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

stopQuietlyWhenOutputCloses();

const seconds = Number(argument("--seconds") ?? 5);
const connections = Number(argument("--connections") ?? 32);
const probes = Number(argument("--probes") ?? 2);
const signIns = Number(argument("--sign-ins") ?? 200);
/** Visits of business energy in the first server's store before it starts (the analysts' report reads them). */
const visits = Number((argument("--visits") ?? "1000000").replace(/_/g, ""));
const withMetrics = process.argv.includes("--metrics");

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Runs `clients` loops of `send` until the deadline (`send` may be made per loop, for a client that keeps state); latencies sorted. */
async function measure(name: string, send: (() => Promise<boolean>) | { perClient: () => () => Promise<boolean> }, durationMs: number, clients = connections): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const client = async () => {
    const own = typeof send === "function" ? send : send.perClient();
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const ok = await own().catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { name, requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}

if (process.argv.includes("--metrics-cost")) {
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at start`);
  await benchMetricsCost(Number(argument("--pairs") ?? 5), measure, seconds * 1000, Number(argument("--scrape-every") ?? 1) * 1000);
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at the end`);
  process.exit(0);
}
if (process.argv.includes("--certificates")) {
  const ok = await benchCertificateCost(Number(argument("--pairs") ?? 5), seconds * 1000, connections, Number(argument("--pool") ?? 3000));
  process.exit(ok ? 0 : 1);
}
const stores = { sqlite: ["sqlite"], postgres: ["postgres"], both: ["sqlite", "postgres"] } satisfies Record<string, Store[]>;
const storeArgument = argument("--store") ?? "sqlite";
if (!(storeArgument in stores)) throw new Error(`--store ${storeArgument}: give sqlite, postgres or both`);
if (storeArgument !== "sqlite") {
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at start`);
  const ok = await benchLeadStores(stores[storeArgument as keyof typeof stores], Number(argument("--rounds") ?? 1), measure, seconds * 1000, connections);
  console.log(`load average ${loadavg()[0]!.toFixed(2)} at the end`);
  process.exit(ok ? 0 : 1);
}

/** The questions a visitor answers from a flow's start, taking each first option, up to the first step that offers none. */
function choicePath(flow: FlowDocument): Array<{ stepId: string; field: string; value: string }> {
  const path: Array<{ stepId: string; field: string; value: string }> = [];
  const answers: Record<string, string> = {};
  let step = stepById(flow, flow.start);
  while ("options" in step && "field" in step && path.length < 20) {
    const value = step.options[0]!.value;
    path.push({ stepId: step.id, field: step.field, value });
    answers[step.field] = value;
    const move = nextMove(step, answers as Answers);
    if (move.type !== "step") break;
    step = stepById(flow, move.stepId);
  }
  return path;
}

/** A client of the plain quote: it keeps its session cookie and posts each question's form in turn. */
function plainStepClient(url: string, questions: Array<{ stepId: string; field: string; value: string }>): () => Promise<boolean> {
  let cookie = "";
  let at = 0;
  return async () => {
    const { stepId, field, value } = questions[at]!;
    const response = await fetch(`${url}/quote/business-energy/`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: url, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams({ _step: stepId, _rev: String(at), [field]: value }).toString(),
    });
    await response.arrayBuffer();
    const session = response.headers.getSetCookie().find((c) => c.startsWith("_sp_quote="));
    if (session) cookie = session.split(";")[0]!;
    const ok = response.status === 303;
    at = ok && at + 1 < questions.length ? at + 1 : 0;
    if (at === 0) cookie = "";
    return ok;
  };
}

/** A GET of `url` that expects 200, with the cookie given. */
function getPage(url: string, cookie = ""): () => Promise<boolean> {
  return async () => {
    const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    await response.arrayBuffer();
    return response.status === 200;
  };
}

/** Posts a flow's first answer as a plain form, in version `version`; the quote cookie it got. */
async function firstAnswerCookie(url: string, version: number, { stepId, field, value }: { stepId: string; field: string; value: string }): Promise<string> {
  const response = await fetch(`${url}/quote/business-energy/?v=${version}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: url },
    body: new URLSearchParams({ _step: stepId, _rev: "0", [field]: value }).toString(),
  });
  await response.arrayBuffer();
  const session = response.headers.getSetCookie().find((c) => c.startsWith("_sp_quote="));
  if (response.status !== 303 || !session) throw new Error(`the first answer was answered ${response.status}, with no quote cookie`);
  return session.split(";")[0]!;
}

const perSecond = (phase: Phase) => phase.requests / (phase.elapsedMs / 1000);
const verdict = (ok: boolean) => (ok ? "meets" : "MISSES");
/** How often the analysts' report is read while the health probes run beside it. */
const REPORTS_PER_SECOND = 10;

const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-"));
const load = loadavg()[0]!;
/** The metrics port to give a server, with --metrics; none without. */
const metricsEnv = async (): Promise<Record<string, string>> => (withMetrics ? { METRICS_PORT: String(await freePort()) } : {});
const serverMetrics = await metricsEnv();
const analyst = await scratchAnalyst(dir);
// The flow the bench's server serves by default (it has no built pages, so every visit gets the default version).
const energy = loadFlowCorpus(formsDirFromEnv()).flows.find((f) => f.id === "business-energy")!;
const seededMs = await seedVisits(path.join(dir, "data"), energy, visits);
const server = await startLeadServer({ ...loadSettings(dir, await uncappedBuyersFile(dir)), ANALYSTS_FILE: analyst.file, ...serverMetrics });
const scraper = serverMetrics.METRICS_PORT ? scrapeEvery(Number(serverMetrics.METRICS_PORT), 1000) : undefined;
try {
  let serial = 0;
  const health = async () => {
    const response = await fetch(`${server.url}/api/health`);
    await response.arrayBuffer();
    return response.ok;
  };
  const lead = async () => {
    const { status, body } = await postLead(server.url, serial++);
    return status === 200 && body.code === "5";
  };
  await measure("warm-up", health, 500);
  await measure("warm-up", lead, 1000);
  const healthAlone = await measure("GET /api/health", health, seconds * 1000);
  const leadsAlone = await measure("POST /api/leads (durable)", lead, seconds * 1000);
  const [leadsBeside, healthBeside] = await Promise.all([
    measure("POST /api/leads, health beside", lead, seconds * 1000),
    probeApart(`GET /api/health (${probes} beside leads)`, `${server.url}/api/health`, seconds * 1000, probes),
  ]);
  const questions = choicePath(energy.versions.find((v) => v.version === energy.defaultVersion)!.flow!);
  const stepClient = { perClient: () => plainStepClient(server.url, questions) };
  await measure("warm-up", stepClient, 1000);
  const stepsAlone = await measure("POST /quote/… (a plain step)", stepClient, seconds * 1000);
  const [reportRead, healthBesideReport] = await Promise.all([
    readReportPaced(`GET /analysts/flows/ (${REPORTS_PER_SECOND} a second)`, `${server.url}/analysts/flows/`, analyst.authorization, REPORTS_PER_SECOND, seconds * 1000),
    probeApart(`GET /api/health (${probes} beside report)`, `${server.url}/api/health`, seconds * 1000, probes),
  ]);
  const phases = [healthAlone, leadsAlone, leadsBeside, healthBeside, stepsAlone, reportRead, healthBesideReport];
  const scrapes = await scraper?.stop();
  await server.stop();

  // The same flow on a server with the built site, whose server bundle draws the steps.
  const siteDir = path.join(root, "dist", "client");
  if (!existsSync(path.join(root, "dist", "server", "entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first");
  const siteMetrics = await metricsEnv();
  // Behind one trusted proxy, so each sign-in of the flood is counted against the address it names.
  const site = await startLeadServer({ ...loadSettings(path.join(dir, "site"), await uncappedBuyersFile(dir)), SITE_DIR: siteDir, ANALYSTS_FILE: analyst.file, TRUST_PROXY: "1", ...siteMetrics });
  const siteScraper = siteMetrics.METRICS_PORT ? scrapeEvery(Number(siteMetrics.METRICS_PORT), 1000) : undefined;
  let flood: Flood;
  let filesAlone: Phase[];
  let filesBeside: Phase[];
  try {
    const version = energy.defaultVersion!;
    const prerendered = getPage(`${site.url}/quote/business-energy/?v=${version}`);
    const drawn = getPage(`${site.url}/quote/business-energy/?v=${version}&step=${questions[1]!.stepId}`, await firstAnswerCookie(site.url, version, questions[0]!));
    await measure("warm-up", prerendered, 1000);
    await measure("warm-up", drawn, 1000);
    phases.push(await measure("GET /quote/… (pre-rendered page)", prerendered, seconds * 1000));
    const [drawnSteps, healthBesideSteps] = await Promise.all([
      measure("GET /quote/…?step= (a drawn step)", drawn, seconds * 1000),
      probeApart(`GET /api/health (${probes} beside steps)`, `${site.url}/api/health`, seconds * 1000, probes),
    ]);
    phases.push(drawnSteps, healthBesideSteps);
    const files = (beside: string) => [
      probeApart(`GET /favicon.svg, ${beside}`, `${site.url}/favicon.svg`, seconds * 1000, probes),
      probeApart(`GET /business-energy/, ${beside}`, `${site.url}/business-energy/`, seconds * 1000, probes),
    ];
    filesAlone = await Promise.all(files("alone"));
    [flood, ...filesBeside] = await Promise.all([floodSignIns(`POST /analysts/sign-in (${signIns} wrong)`, site.url, signIns, seconds * 1000), ...files("beside them")]);
    phases.push(...filesAlone, flood, ...filesBeside);
  } finally {
    await siteScraper?.stop();
    await site.stop();
  }

  console.log(
    `\n${cpus()[0]?.model ?? "cpu"} × ${availableParallelism()}, Node ${process.version}, ${connections} connections, ${seconds} s per phase, ` +
      `SQLite (WAL, synchronous=FULL); metrics ${withMetrics ? `on (${scrapes ?? 0} scrapes of the first server)` : "off"}; ${visits.toLocaleString("en-GB")} visits of business energy in the store (written in ${(seededMs / 1000).toFixed(1)} s); load average ${load.toFixed(2)} at start${load > 1 ? " (other work was running: figures are low)" : ""}\n`,
  );
  console.log(`${"".padEnd(38)}${"requests/s".padStart(12)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"failed".padStart(9)}`);
  for (const phase of phases) {
    const row = [perSecond(phase).toFixed(0).padStart(12), percentile(phase.latencies, 50).toFixed(1).padStart(10), percentile(phase.latencies, 99).toFixed(1).padStart(10)];
    console.log(`${phase.name.padEnd(38)}${row.join("")}${String(phase.failures).padStart(9)}`);
  }
  const ratio = perSecond(leadsAlone) / perSecond(healthAlone);
  const leadP99 = percentile(leadsAlone.latencies, 99);
  const healthP99 = percentile(healthBeside.latencies, 99);
  console.log(`\ndurable leads / health:          ${ratio.toFixed(3)} of the requests per second (target ≥ 0.25: ${verdict(ratio >= 0.25)})`);
  console.log(`lead p50 / p99:                  ${percentile(leadsAlone.latencies, 50).toFixed(1)} / ${leadP99.toFixed(1)} ms (target p99 ≤ 50 ms: ${verdict(leadP99 <= 50)})`);
  console.log(`health p99 while leads posted:   ${healthP99.toFixed(1)} ms (target ≤ 20 ms: ${verdict(healthP99 <= 20)})`);
  const stepP99 = percentile(stepsAlone.latencies, 99);
  const healthReportP99 = percentile(healthBesideReport.latencies, 99);
  console.log(`health p99 while report read:    ${healthReportP99.toFixed(1)} ms (report ${REPORTS_PER_SECOND} a second, p99 ${percentile(reportRead.latencies, 99).toFixed(1)} ms; target ≤ 20 ms: ${verdict(healthReportP99 <= 20)})`);
  console.log(`plain step p50 / p99:            ${percentile(stepsAlone.latencies, 50).toFixed(1)} / ${stepP99.toFixed(1)} ms (target p99 ≤ 50 ms: ${verdict(stepP99 <= 50)})`);
  const [drawnSteps, healthBesideSteps] = phases.slice(-7, -5) as [Phase, Phase];
  const drawnP99 = percentile(drawnSteps.latencies, 99);
  const healthStepsP99 = percentile(healthBesideSteps.latencies, 99);
  console.log(`drawn step pages:                ${perSecond(drawnSteps).toFixed(0)} a second (target ≥ 1,000: ${verdict(perSecond(drawnSteps) >= 1000)})`);
  console.log(`drawn step p50 / p99:            ${percentile(drawnSteps.latencies, 50).toFixed(1)} / ${drawnP99.toFixed(1)} ms (target p99 ≤ 50 ms: ${verdict(drawnP99 <= 50)})`);
  console.log(`health p99 while steps drawn:    ${healthStepsP99.toFixed(1)} ms (target ≤ 20 ms: ${verdict(healthStepsP99 <= 20)})`);
  const [faviconP99, pageP99] = filesBeside.map((phase) => percentile(phase.latencies, 99)) as [number, number];
  const answered = Object.entries(flood.statuses).map(([status, count]) => `${count} × ${status}`).join(", ");
  console.log(
    `files p99 beside ${signIns} sign-ins:  ${faviconP99.toFixed(1)} ms /favicon.svg, ${pageP99.toFixed(1)} ms /business-energy/ ` +
      `(alone ${filesAlone.map((phase) => percentile(phase.latencies, 99).toFixed(1)).join(" and ")} ms; sign-ins answered ${answered}; target ≤ 50 ms: ${verdict(Math.max(faviconP99, pageP99) <= 50)})`,
  );
  if (phases.some((phase) => phase.failures > 0)) process.exitCode = 1;
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
