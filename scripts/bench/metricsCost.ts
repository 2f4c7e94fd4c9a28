/**
 * `npm run bench:server -- --metrics-cost [--pairs 5] [--scrape-every 1]`: what the operators' metrics cost, as the
 * server's own CPU time (all its threads, from /proc) per request, with metrics on (METRICS_PORT, scraped every
 * --scrape-every seconds: 1 by default, 15 as docs/operators.md's scrape config) against off. Each
 * pair starts one server of each side by side, on fresh stores with the built site, and loads them in turn, a short
 * slice each, with the same page requests (a pre-rendered page) and then durable leads, so a change in the machine's
 * load falls on both alike; CPU per request does not depend on how many requests the loaded machine let through, as
 * requests per second do.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { loadSettings, postLead, root, startLeadServer, uncappedBuyersFile } from "../support/leadServer";
import { freePort, scrapeEvery } from "../support/metricsScraper";
import type { Measure } from "./leadStores";

/** Clock ticks a second in /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far, user and system, all threads, in ms. */
export async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU per request of each kind on one server, in ms. */
interface Cost {
  page: number;
  lead: number;
}

/** Slices each server is loaded in, per kind of request. */
const SLICES = 10;

/** A server for the pair, on a fresh store, and the requests it is loaded with. */
async function pairServer(withMetrics: boolean, scrapeMs: number) {
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-metrics-"));
  const metricsPort = withMetrics ? await freePort() : undefined;
  const server = await startLeadServer({
    ...loadSettings(dir, await uncappedBuyersFile(dir)),
    SITE_DIR: path.join(root, "dist", "client"),
    ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
  });
  const scraper = metricsPort ? scrapeEvery(metricsPort, scrapeMs) : undefined;
  let serial = 0;
  const sends = {
    page: async () => {
      const response = await fetch(`${server.url}/business-energy/`);
      await response.arrayBuffer();
      return response.ok;
    },
    lead: async () => (await postLead(server.url, serial++)).status === 200,
  };
  return {
    sends,
    /** Loads the server for one slice; its CPU time then and the requests answered. */
    async slice(kind: keyof Cost, measure: Measure, ms: number) {
      const before = await cpuMs(server.pid);
      const phase = await measure(kind, sends[kind], ms);
      return { cpu: (await cpuMs(server.pid)) - before, requests: phase.requests };
    },
    async stop() {
      await scraper?.stop();
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** One pair: both servers loaded in turn, slice by slice, for `durationMs` of each kind each. */
async function pairCost(measure: Measure, durationMs: number, scrapeMs: number): Promise<{ off: Cost; on: Cost; load: number }> {
  const servers = { off: await pairServer(false, scrapeMs), on: await pairServer(true, scrapeMs) };
  try {
    for (const side of [servers.off, servers.on]) for (const kind of ["page", "lead"] as const) await measure("warm-up", side.sends[kind], 1000);
    const load = loadavg()[0]!;
    const totals = { off: { page: [0, 0], lead: [0, 0] }, on: { page: [0, 0], lead: [0, 0] } };
    for (const kind of ["page", "lead"] as const) {
      for (let slice = 0; slice < SLICES; slice++) {
        for (const side of slice % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
          const { cpu, requests } = await servers[side].slice(kind, measure, durationMs / SLICES);
          totals[side][kind][0]! += cpu;
          totals[side][kind][1]! += requests;
        }
      }
    }
    const cost = (side: "off" | "on"): Cost => ({ page: totals[side].page[0]! / totals[side].page[1]!, lead: totals[side].lead[0]! / totals[side].lead[1]! });
    return { off: cost("off"), on: cost("on"), load };
  } finally {
    await servers.off.stop();
    await servers.on.stop();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Runs the pairs and prints each server's CPU per request and each pair's on/off ratio, and their medians. */
export async function benchMetricsCost(pairs: number, measure: Measure, durationMs: number, scrapeMs: number): Promise<void> {
  const ratios: Array<{ page: number; lead: number }> = [];
  console.log(`\nServer CPU per request (all its threads), metrics off and on (scraped every ${scrapeMs / 1000} s) side by side, ${durationMs / 1000} s of each kind per server in ${SLICES} slices taken in turn:\n`);
  console.log(`${"pair".padEnd(6)}${"page off".padStart(10)}${"page on".padStart(10)}${"ratio".padStart(7)}${"lead off".padStart(10)}${"lead on".padStart(10)}${"ratio".padStart(7)}${"load".padStart(7)}`);
  for (let pair = 1; pair <= pairs; pair++) {
    const { off, on, load } = await pairCost(measure, durationMs, scrapeMs);
    const ratio = { page: on.page / off.page, lead: on.lead / off.lead };
    ratios.push(ratio);
    const ms = (value: number) => `${value.toFixed(3)}`.padStart(10);
    console.log(`${String(pair).padEnd(6)}${ms(off.page)}${ms(on.page)}${ratio.page.toFixed(2).padStart(7)}${ms(off.lead)}${ms(on.lead)}${ratio.lead.toFixed(2).padStart(7)}${load.toFixed(2).padStart(7)}`);
  }
  const [page, lead] = [median(ratios.map((r) => r.page)), median(ratios.map((r) => r.lead))];
  const worse = (key: "page" | "lead") => ratios.filter((r) => r[key] > 1).length;
  console.log(`\nCPU ms per request. Metrics on / off, median of ${pairs} pairs (target ≤ 1.05):`);
  console.log(`  page requests: ${page.toFixed(3)} (${page <= 1.05 ? "meets" : "MISSES"}; on costlier in ${worse("page")} of ${pairs})`);
  console.log(`  durable leads: ${lead.toFixed(3)} (${lead <= 1.05 ? "meets" : "MISSES"}; on costlier in ${worse("lead")} of ${pairs})`);
}
