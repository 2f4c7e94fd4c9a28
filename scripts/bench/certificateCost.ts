/**
 * `npm run bench:server -- --certificates [--pairs 5] [--pool 3000]`: what consent certificates cost. Two servers
 * side by side on fresh SQLite stores with the built site, one signing every lead's certificate and one storing
 * leads without (scripts/bench/uncertifiedServer.ts), loaded in turn for --pairs pairs of --seconds each (the side
 * that goes first alternating), so a change in the machine's load falls on both alike. The leads are what real
 * visitors send: each from a visit opened first as a phone opens business energy's quote page (its `_sp_visit`
 * cookie and the version the page drew), with the start token the page fetches (checked: MIN_FILL_MS is on), a
 * submission key, the consent wording and partners, the cookie choices and each step's answer time. Then the
 * signing alone (the claims and the Ed25519 signature) is timed in this process, per lead.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { stepsToSubmit } from "../../engine/core/submitStep";
import type { Answers, FlowDocument } from "../../engine/core/types";
import { formsDirFromEnv, loadFlowCorpus } from "../../engine/node/formsFolder";
import { issueCertificate } from "../../server/consent/certificate";
import { contactColumns } from "../../server/contacts/contactKeys";
import { leadBody, loadSettings, root, startLeadServer, uncappedBuyersFile, type LeadServer } from "../support/leadServer";
import { businessEnergyV1Answers } from "../support/sampleLead";
import { cpuMs } from "./metricsCost";
import { percentile, type Phase } from "./phases";

/** A phone browser, as a visitor's quote page is opened. */
const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
/** The fill-time check the servers run with: every start token is older than this when its lead is sent. */
const MIN_FILL_MS = 1000;

/** A visit opened before its lead is sent: its cookie, the version its page drew, its start token and when it came. */
interface Visit {
  cookie: string;
  version: number;
  token: string;
  tokenAt: number;
}

/** One side of the comparison: its server, and its measured phases. */
interface Side {
  name: string;
  server: LeadServer;
  phases: Phase[];
  cpuMs: number;
}

/** Opens `count` visits of business energy on the server, `clients` at a time. */
async function openVisits(url: string, count: number, clients: number): Promise<Visit[]> {
  const visits: Visit[] = [];
  let left = count;
  const opener = async () => {
    while (left-- > 0) {
      const page = await fetch(`${url}/quote/business-energy/`, { headers: { "user-agent": PHONE, accept: "text/html" } });
      const html = await page.text();
      const cookie = page.headers.getSetCookie().find((c) => c.startsWith("_sp_visit="))?.split(";")[0];
      const version = /name="_ver" value="(\d+)"/.exec(html)?.[1];
      if (page.status !== 200 || !cookie || !version) throw new Error(`the quote page answered ${page.status}${cookie ? "" : " with no visit cookie"}`);
      const started = await fetch(`${url}/api/start-token`, { headers: { cookie, "user-agent": PHONE } });
      const { token } = (await started.json()) as { token: string };
      visits.push({ cookie, version: Number(version), token, tokenAt: performance.now() });
    }
  };
  await Promise.all(Array.from({ length: clients }, opener));
  return visits;
}

/** The body a visitor's page sends with its lead from `visit`, for person `n`. */
function visitorLead(visit: Visit, n: number, paths: (version: number) => string[]): string {
  const lead = JSON.parse(leadBody(n)) as { contactConsent: Record<string, unknown> } & Record<string, unknown>;
  // Each step answered in turn since the page got its token, the last as the lead is sent.
  const steps = paths(visit.version);
  const age = performance.now() - visit.tokenAt;
  const answeredMsBefore = Object.fromEntries(steps.map((id, i) => [id, Math.round((age * (steps.length - 1 - i)) / steps.length)]));
  return JSON.stringify({
    ...lead,
    version: visit.version,
    startToken: visit.token,
    submissionKey: randomBytes(16).toString("base64url"),
    contactConsent: { ...lead.contactConsent, privacyNoticeVersion: "2026-01" },
    consent: { analytics: true, marketing: false },
    tracking: { utm: { utm_source: "google", utm_medium: "cpc" } },
    answeredMsBefore,
  });
}

/** `clients` loops posting leads from the opened visits until the deadline. */
async function sendLeads(name: string, url: string, visits: Visit[], clients: number, durationMs: number, serial: () => number, paths: (version: number) => string[]): Promise<Phase & { reused: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (performance.now() < started + durationMs) {
      const visit = visits[next++ % visits.length]!;
      const body = visitorLead(visit, serial(), paths);
      const t0 = performance.now();
      const ok = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json", origin: url, cookie: visit.cookie, "user-agent": PHONE }, body }).then(
        async (response) => response.status === 200 && ((await response.json()) as { code?: string }).code === "5",
        () => false,
      );
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  return { name, requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b), reused: Math.max(0, next - visits.length) };
}

/** The time to make and sign one lead's certificate in this process, over `count` leads: per lead, in µs. */
function signingTimes(flow: FlowDocument, count: number): number[] {
  const { privateKey } = generateKeyPairSync("ed25519");
  const key = { kid: randomBytes(32).toString("base64url"), privateKey };
  const times: number[] = [];
  for (let n = 0; n < count + 500; n++) {
    const answers = { ...businessEnergyV1Answers, customerName: `Bench Person${n}`, phone: `020 7${String(n).padStart(7, "0")}`, email: `bench${n}@example.com` } as unknown as Answers;
    const answeredAt = Object.fromEntries(stepsToSubmit(flow, answers).map((step, i) => [step.id, new Date(Date.now() - 60_000 + i * 5_000).toISOString()]));
    const t0 = performance.now();
    issueCertificate(
      {
        iss: "https://www.switchplan.example",
        leadId: randomBytes(16).toString("hex"),
        flow,
        answers,
        contact: contactColumns(answers),
        contactConsent: { wording: "Benchmark consent", privacyNoticeVersion: "2026-01", buyers: ["Bionic", "Energy Switchers", "Save Energy UK", "Tem"] },
        session: { entry: "script", botCheck: "passed", secondsToSubmit: 61.2, answeredAt },
        testMode: false,
        issuedAt: new Date(),
      },
      key,
    );
    // The first leads warm the code up.
    if (n >= 500) times.push((performance.now() - t0) * 1000);
  }
  return times.sort((a, b) => a - b);
}

/** Runs the comparison and prints it; false when a lead failed. */
export async function benchCertificateCost(pairs: number, durationMs: number, connections: number, pool: number): Promise<boolean> {
  const siteDir = path.join(root, "dist", "client");
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-certificates-"));
  const energy = loadFlowCorpus(formsDirFromEnv()).flows.find((f) => f.id === "business-energy")!;
  const flowOf = (version: number) => energy.versions.find((v) => v.version === version)?.flow ?? energy.versions.find((v) => v.version === energy.defaultVersion)!.flow!;
  const pathCache = new Map<number, string[]>();
  const paths = (version: number) => {
    let ids = pathCache.get(version);
    if (!ids) pathCache.set(version, (ids = stepsToSubmit(flowOf(version), { ...businessEnergyV1Answers, customerName: "A B", phone: "020 7000 0000", email: "a@example.com" } as unknown as Answers).map((s) => s.id)));
    return ids;
  };
  const settings = async (name: string) => ({ ...loadSettings(path.join(dir, name), await uncappedBuyersFile(dir)), SITE_DIR: siteDir, MIN_FILL_MS: String(MIN_FILL_MS) });
  const sides: Side[] = [
    { name: "with certificates", server: await startLeadServer(await settings("with")), phases: [], cpuMs: 0 },
    { name: "without", server: await startLeadServer(await settings("without"), "scripts/bench/uncertifiedServer.ts"), phases: [], cpuMs: 0 },
  ];
  let serial = 0;
  let reused = 0;
  const load = loadavg()[0]!;
  try {
    for (const side of sides) {
      const warm = await openVisits(side.server.url, 200, 8);
      await sleep(MIN_FILL_MS + 100);
      await sendLeads("warm-up", side.server.url, warm, connections, 1000, () => serial++, paths);
    }
    for (let pair = 0; pair < pairs; pair++) {
      for (const side of pair % 2 === 0 ? sides : [...sides].reverse()) {
        const visits = await openVisits(side.server.url, pool, 8);
        await sleep(MIN_FILL_MS + 100);
        const cpuBefore = await cpuMs(side.server.pid);
        const phase = await sendLeads(`POST /api/leads, ${side.name}`, side.server.url, visits, connections, durationMs, () => serial++, paths);
        side.cpuMs += (await cpuMs(side.server.pid)) - cpuBefore;
        reused += phase.reused;
        side.phases.push(phase);
      }
    }
  } finally {
    for (const side of sides) await side.server.stop();
    await rm(dir, { recursive: true, force: true });
  }

  const signing = signingTimes(flowOf(energy.defaultVersion!), 5000);
  const rate = (phases: Phase[]) => phases.reduce((n, p) => n + p.requests, 0) / (phases.reduce((ms, p) => ms + p.elapsedMs, 0) / 1000);
  const all = (phases: Phase[]) => phases.flatMap((p) => p.latencies).sort((a, b) => a - b);
  console.log(
    `\nconsent certificates: ${pairs} pairs of ${durationMs / 1000} s, ${connections} connections, SQLite (WAL, synchronous=FULL), the built site, MIN_FILL_MS=${MIN_FILL_MS}; ` +
      `${pool} visits opened before each phase${reused > 0 ? ` (${reused} leads reused an opened visit)` : ""}; load average ${load.toFixed(2)} at start, ${loadavg()[0]!.toFixed(2)} at the end\n`,
  );
  console.log(`${"".padEnd(38)}${"leads/s".padStart(10)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"CPU ms/lead".padStart(13)}${"failed".padStart(9)}`);
  for (const side of sides) {
    const latencies = all(side.phases);
    const failed = side.phases.reduce((n, p) => n + p.failures, 0);
    const cpuPerLead = side.cpuMs / latencies.length;
    console.log(`${`POST /api/leads, ${side.name}`.padEnd(38)}${rate(side.phases).toFixed(0).padStart(10)}${percentile(latencies, 50).toFixed(1).padStart(10)}${percentile(latencies, 99).toFixed(1).padStart(10)}${cpuPerLead.toFixed(2).padStart(13)}${String(failed).padStart(9)}`);
    console.log(`${"  each phase".padEnd(38)}${side.phases.map((p) => (p.requests / (p.elapsedMs / 1000)).toFixed(0)).join(", ")} leads/s`);
  }
  const [withCertificates, without] = sides.map((side) => rate(side.phases)) as [number, number];
  const cost = 1 - withCertificates / without;
  console.log(`\nleads/s with certificates against without: ${(withCertificates / without).toFixed(3)} (${(cost * 100).toFixed(1)} % fewer; target within 5 %: ${cost <= 0.05 ? "meets" : "MISSES"})`);
  // The server's own CPU per lead does not depend on how many leads a loaded machine let through, as leads/s does.
  const [cpuWith, cpuWithout] = sides.map((side) => side.cpuMs / side.phases.reduce((n, p) => n + p.requests, 0)) as [number, number];
  console.log(`server CPU per lead with certificates against without: ${(cpuWith / cpuWithout).toFixed(3)} (${(cpuWith - cpuWithout).toFixed(2)} ms more per lead)`);
  const mean = signing.reduce((a, b) => a + b, 0) / signing.length;
  console.log(`signing per lead (claims and Ed25519 signature, ${signing.length} leads in this process): mean ${mean.toFixed(0)} µs, p50 ${percentile(signing, 50).toFixed(0)} µs, p99 ${percentile(signing, 99).toFixed(0)} µs`);
  return sides.every((side) => side.phases.every((p) => p.failures === 0));
}
