/**
 * `npm run bench:server -- --metrics-cost [--pairs 5]`: what the operators' metrics cost, as the server's own CPU time
 * (all its threads, from /proc) per request, with metrics on (METRICS_PORT, scraped every second) against off. Each
 * pair starts one server of each, in alternating order, on a fresh store with the built site, and loads each with
 * the same page requests (a pre-rendered page) and durable leads; CPU per request does not depend on how many
 * requests the loaded machine let through, as requests per second do.
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
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th of them.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** CPU per request of one kind on one server, in ms. */
interface Cost {
  page: number;
  lead: number;
  load: number;
}

async function costOn(withMetrics: boolean, measure: Measure, durationMs: number): Promise<Cost> {
  const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-metrics-"));
  const metricsPort = withMetrics ? await freePort() : undefined;
  const server = await startLeadServer({
    ...loadSettings(dir, await uncappedBuyersFile(dir)),
    SITE_DIR: path.join(root, "dist", "client"),
    ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
  });
  const scraper = metricsPort ? scrapeEvery(metricsPort, 1000) : undefined;
  try {
    let serial = 0;
    const page = async () => {
      const response = await fetch(`${server.url}/business-energy/`);
      await response.arrayBuffer();
      return response.ok;
    };
    const lead = async () => (await postLead(server.url, serial++)).status === 200;
    const perRequest = async (send: () => Promise<boolean>, name: string) => {
      const before = await cpuMs(server.pid);
      const phase = await measure(name, send, durationMs);
      return ((await cpuMs(server.pid)) - before) / phase.requests;
    };
    await measure("warm-up", page, 1000);
    await measure("warm-up", lead, 1000);
    const load = loadavg()[0]!;
    return { page: await perRequest(page, "page"), lead: await perRequest(lead, "lead"), load };
  } finally {
    await scraper?.stop();
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/** Runs the pairs and prints each server's CPU per request and each pair's on/off ratio, and their medians. */
export async function benchMetricsCost(pairs: number, measure: Measure, durationMs: number): Promise<void> {
  const ratios: Array<{ page: number; lead: number }> = [];
  console.log(`\nServer CPU per request (all its threads), metrics off and on, ${durationMs / 1000} s of each kind per server:\n`);
  console.log(`${"pair".padEnd(6)}${"order".padEnd(9)}${"page off".padStart(10)}${"page on".padStart(10)}${"ratio".padStart(7)}${"lead off".padStart(10)}${"lead on".padStart(10)}${"ratio".padStart(7)}${"load".padStart(7)}`);
  for (let pair = 1; pair <= pairs; pair++) {
    const onFirst = pair % 2 === 0;
    const first = await costOn(onFirst, measure, durationMs);
    const second = await costOn(!onFirst, measure, durationMs);
    const [on, off] = onFirst ? [first, second] : [second, first];
    const ratio = { page: on.page / off.page, lead: on.lead / off.lead };
    ratios.push(ratio);
    const ms = (value: number) => `${value.toFixed(3)}`.padStart(10);
    console.log(
      `${String(pair).padEnd(6)}${(onFirst ? "on, off" : "off, on").padEnd(9)}${ms(off.page)}${ms(on.page)}${ratio.page.toFixed(2).padStart(7)}${ms(off.lead)}${ms(on.lead)}${ratio.lead.toFixed(2).padStart(7)}${((first.load + second.load) / 2).toFixed(2).padStart(7)}`,
    );
  }
  const [page, lead] = [median(ratios.map((r) => r.page)), median(ratios.map((r) => r.lead))];
  const worse = (key: "page" | "lead") => ratios.filter((r) => r[key] > 1).length;
  console.log(`\nCPU ms per request. Metrics on / off, median of ${pairs} pairs (target ≤ 1.05):`);
  console.log(`  page requests: ${page.toFixed(3)} (${page <= 1.05 ? "meets" : "MISSES"}; on costlier in ${worse("page")} of ${pairs})`);
  console.log(`  durable leads: ${lead.toFixed(3)} (${lead <= 1.05 ? "meets" : "MISSES"}; on costlier in ${worse("lead")} of ${pairs})`);
}
