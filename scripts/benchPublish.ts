/**
 * `npm run bench:publish`: two server processes on one PostgreSQL (BENCH_DATABASE_URL, else TEST_DATABASE_URL, else
 * the local postgres://postgres@127.0.0.1:5432/test, in a schema of its own dropped afterwards), serving the built site
 * when there is one (dist/, from `npm run build`). --publishes (5) new versions of business energy are published on
 * the first, one after another, each timed from the publish request to the moment both instances serve it (asked
 * for with ?v=, polled every 20 ms); meanwhile --visitors (8) clients load the quote page from the other instance, as
 * new visits (and for 5 s before, without publishes, for comparison). A third instance serving nothing
 * (bench/publishWatcher.ts) times each rebuild: the thread's time and its event loop's. --busy N runs N CPU-spinning
 * processes beside, as on a loaded machine; --flows F --versions V serve forms/ with F more flows of V versions each,
 * made from the real ones (bench/generatedForms.ts). It prints the start time, the rebuild per publish, each
 * instance's memory, the median of the publish times (target ≤ 2 s) and the visitors' p50 and p99 (target p99 ≤ 50 ms,
 * and within 1.5× the p99 without publishes), and the machine's load average, as other work there skews every figure.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createInterface } from "node:readline";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";
import type { Rebuild } from "../server/publishing/publishedCatalog";
import { generatedForms } from "./bench/generatedForms";
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
const busy = Number(argument("--busy") ?? 0);
const moreFlows = Number(argument("--flows") ?? 0);
const versionsEach = Number(argument("--versions") ?? 1);
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
const others: ChildProcess[] = [];
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? NaN;
/** A process's resident memory now, in MB (Linux). */
const residentMb = async (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(await readFile(`/proc/${pid}/status`, "utf8"))?.[1] ?? NaN) / 1024;
try {
  // CPU-spinning processes beside the servers, as other work on a loaded machine.
  for (let i = 0; i < busy; i += 1) others.push(spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }));
  const forms = moreFlows > 0 ? await generatedForms(root, dir, moreFlows, versionsEach) : undefined;
  const analyst = await scratchAnalyst(dir);
  const buyers = await uncappedBuyersFile(dir);
  const env = (name: string) => ({
    ...loadSettings(path.join(dir, name), buyers),
    DATABASE_URL: url.toString(),
    ANALYSTS_FILE: analyst.file,
    ...(forms ? { FORMS_DIR: forms.formsDir } : {}),
    ...(hasSite ? { SITE_DIR: builtSite } : {}),
  });
  console.log(`${busy} CPU-spinning processes beside; ${forms ? `${forms.flows} flows, ${forms.versions} versions (forms/ and ${moreFlows} flows × ${versionsEach} versions made from it)` : "forms/ as it is"}`);
  // One after the other: the second finds forms/ already published by the first.
  let t0 = performance.now();
  servers.push(await startLeadServer(env("a")));
  const startFirst = performance.now() - t0;
  t0 = performance.now();
  servers.push(await startLeadServer(env("b")));
  const startSecond = performance.now() - t0;
  const [a, b] = servers as [LeadServer, LeadServer];
  console.log(`Start: first instance (publishing forms/ into an empty store) ${seconds(startFirst)}, second ${seconds(startSecond)}`);

  // The third instance, timing each rebuild.
  const watcher = spawn(process.execPath, ["--import", "tsx", "scripts/bench/publishWatcher.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: url.toString(), FORMS_DIR: forms?.formsDir ?? path.join(root, "forms") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  others.push(watcher);
  const rebuilds: Rebuild[] = [];
  await new Promise<void>((resolve, reject) => {
    watcher.once("exit", (code) => reject(new Error(`the watching instance exited with ${code}`)));
    createInterface({ input: watcher.stdout! }).on("line", (line) => {
      if (line === "ready") resolve();
      else if (line.startsWith("{")) rebuilds.push(JSON.parse(line) as Rebuild);
    });
  });
  const atStart = rebuilds.shift();
  if (atStart) console.log(`Start of a third instance: the whole state read in ${atStart.workerMs.toFixed(0)} ms of worker time, ${atStart.loopMs.toFixed(1)} ms on the event loop`);
  const memory = async (when: string) => console.log(`Memory ${when}: ${(await Promise.all([a, b].map((s) => residentMb(s.pid)))).map((mb) => `${mb.toFixed(0)} MB`).join(" and ")} resident (first and second instance)`);
  await memory("after start");

  const served = async (server: LeadServer, version: number) => {
    const response = await fetch(`${server.url}/api/quote-version?flow=business-energy&v=${version}`);
    return response.ok && (await response.json() as { version: number }).version === version;
  };
  const quotePage = hasSite ? "/quote/business-energy/" : "/api/quote-version?flow=business-energy";
  let latencies: number[] = [];
  let visiting = true;
  // The visitors are on the other instance (b): the one that hears of each publish rather than making it.
  const visitor = async () => {
    while (visiting) {
      const started = performance.now();
      const response = await fetch(`${b.url}${quotePage}`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
    }
  };
  // The same visitors first without publishes, for comparison on this machine at this time.
  let visits = Array.from({ length: visitors }, () => visitor());
  await new Promise((resolve) => setTimeout(resolve, 5000));
  visiting = false;
  await Promise.all(visits);
  const alone = latencies.sort((x, y) => x - y);
  latencies = [];
  visiting = true;
  visits = Array.from({ length: visitors }, () => visitor());

  const base = JSON.parse(await readFile(path.join(root, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
  const times: number[] = [];
  for (let i = 0; i < publishes; i += 1) {
    const version = 4 + i;
    t0 = performance.now();
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
  // The watcher may still be reading the last one.
  for (let wait = 0; rebuilds.length < publishes && wait < 100; wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));

  const medianTime = median(times);
  latencies.sort((x, y) => x - y);
  const p99 = percentile(latencies, 99);
  const p99Alone = percentile(alone, 99);
  console.log(`Load average ${loadavg().map((l) => l.toFixed(2)).join(" ")} (1, 5, 15 min; other work on the machine skews every figure)`);
  const flowsRead = [...new Set(rebuilds.map((r) => (r.flows === "all" ? "all" : r.flows.join("+"))))].join(", ");
  console.log(
    `Rebuild per publish (${rebuilds.length} on the watching instance, flows read again: ${flowsRead || "none"}): worker median ${median(rebuilds.map((r) => r.workerMs)).toFixed(1)} ms, max ${Math.max(...rebuilds.map((r) => r.workerMs)).toFixed(1)} ms (target ≤ 100 ms); ` +
      `event loop median ${median(rebuilds.map((r) => r.loopMs)).toFixed(1)} ms, max ${Math.max(...rebuilds.map((r) => r.loopMs)).toFixed(1)} ms (target ≤ 5 ms)`,
  );
  await memory("after the publishes");
  console.log(`Publish to served by both instances: median ${seconds(medianTime)} of ${publishes} (${times.map((t) => (t / 1000).toFixed(2)).join(", ")} s); target ≤ 2 s: ${medianTime <= 2000 ? "meets" : "MISSES"}`);
  const page = hasSite ? "the quote page" : "/api/quote-version (no built site: run npm run build for the page)";
  console.log(`Visitors on the other instance's ${page} without publishes: ${alone.length} requests, p50 ${percentile(alone, 50).toFixed(1)} ms, p99 ${p99Alone.toFixed(1)} ms`);
  console.log(
    `The same during publishes: ${latencies.length} requests, p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; target p99 ≤ 50 ms: ${p99 <= 50 ? "meets" : "MISSES"}, ` +
      `within 1.5× the p99 without: ${p99 <= 1.5 * p99Alone ? "meets" : "MISSES"} (${(p99 / p99Alone).toFixed(2)}×)`,
  );
} finally {
  for (const other of others) other.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.stop()));
  await admin.query(`drop schema if exists ${schema} cascade`);
  await admin.end();
  await rm(dir, { recursive: true, force: true });
}
