/**
 * `npm run bench:publish`: two server processes on one PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * the local postgres://postgres@127.0.0.1:5432/test, in a schema of its own dropped afterwards), serving the built site
 * when there is one (dist/, from `npm run build`). --publishes (5) new versions of business energy are published on
 * the first, one after another, each timed from the publish request to the moment both instances serve it (asked
 * for with ?v=, polled every 20 ms); meanwhile --visitors (8) clients load the quote page from both instances, as
 * new visits (and for 5 s before, without publishes, for comparison). It prints the median of the publish times (target ≤ 2 s) and the visitors' p50 and p99 (target
 * p99 ≤ 50 ms), and the machine's load average, as other work there skews every figure.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import { percentile } from "./bench/phases";
import { loadSettings, root, startLeadServer, uncappedBuyersFile, type LeadServer } from "./support/leadServer";
import { scratchAnalyst } from "./support/scratchAnalyst";

stopQuietlyWhenOutputCloses();

const argument = (name: string) => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const publishes = Number(argument("--publishes") ?? 5);
const visitors = Number(argument("--visitors") ?? 8);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const builtSite = path.join(root, "dist", "client");
const hasSite = existsSync(path.join(builtSite, "quote", "business-energy", "v1.html"));

const schema = `bench_publish_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(`create schema ${schema}`);
const url = new URL(databaseUrl);
url.searchParams.set("options", `-c search_path=${schema}`);
const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-publish-"));
const servers: LeadServer[] = [];
try {
  const analyst = await scratchAnalyst(dir);
  const buyers = await uncappedBuyersFile(dir);
  const env = (name: string) => ({
    ...loadSettings(path.join(dir, name), buyers),
    DATABASE_URL: url.toString(),
    ANALYSTS_FILE: analyst.file,
    ...(hasSite ? { SITE_DIR: builtSite } : {}),
  });
  // One after the other: the second finds forms/ already published by the first.
  servers.push(await startLeadServer(env("a")));
  servers.push(await startLeadServer(env("b")));
  const [a, b] = servers as [LeadServer, LeadServer];

  const served = async (server: LeadServer, version: number) => {
    const response = await fetch(`${server.url}/api/quote-version?flow=business-energy&v=${version}`);
    return response.ok && (await response.json() as { version: number }).version === version;
  };
  const quotePage = hasSite ? "/quote/business-energy/" : "/api/quote-version?flow=business-energy";
  let latencies: number[] = [];
  let visiting = true;
  const visitor = async (turn: number) => {
    for (let n = turn; visiting; n += 1) {
      const t0 = performance.now();
      const response = await fetch(`${(n % 2 === 0 ? a : b).url}${quotePage}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
    }
  };
  // The same visitors first without publishes, for comparison on this machine at this time.
  let visits = Array.from({ length: visitors }, (_, i) => visitor(i));
  await new Promise((resolve) => setTimeout(resolve, 5000));
  visiting = false;
  await Promise.all(visits);
  const alone = latencies.sort((x, y) => x - y);
  latencies = [];
  visiting = true;
  visits = Array.from({ length: visitors }, (_, i) => visitor(i));

  const base = JSON.parse(await readFile(path.join(root, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
  const times: number[] = [];
  for (let i = 0; i < publishes; i += 1) {
    const version = 4 + i;
    const t0 = performance.now();
    const response = await fetch(`${a.url}/api/analysts/flows/business-energy/versions`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: analyst.authorization, origin: a.url },
      body: JSON.stringify({ document: { ...base, version, title: `${String(base.title)} ${version}` }, why: `Bench publish ${version}` }),
    });
    if (response.status !== 201) throw new Error(`publishing v${version} answered ${response.status}: ${await response.text()}`);
    while (!((await served(a, version)) && (await served(b, version)))) await new Promise((resolve) => setTimeout(resolve, 20));
    times.push(performance.now() - t0);
  }
  visiting = false;
  await Promise.all(visits);

  const sortedTimes = [...times].sort((x, y) => x - y);
  const median = sortedTimes[Math.floor(sortedTimes.length / 2)]!;
  latencies.sort((x, y) => x - y);
  const p99 = percentile(latencies, 99);
  console.log(`Load average ${loadavg()[0]!.toFixed(2)} (other work on the machine skews every figure)`);
  console.log(`Publish to served by both instances: median ${(median / 1000).toFixed(2)} s of ${publishes} (${sortedTimes.map((t) => (t / 1000).toFixed(2)).join(", ")} s); target ≤ 2 s: ${median <= 2000 ? "meets" : "MISSES"}`);
  console.log(`Visitors alone: ${alone.length} requests, p50 ${percentile(alone, 50).toFixed(1)} ms, p99 ${percentile(alone, 99).toFixed(1)} ms`);
  console.log(
    `Visitors on ${hasSite ? "the quote page" : "/api/quote-version (no built site: run npm run build for the page)"} during publishes: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; target p99 ≤ 50 ms: ${p99 <= 50 ? "meets" : "MISSES"}`,
  );
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
}
