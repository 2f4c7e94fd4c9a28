/**
 * `npm run bench:server`: requests per second and latency of a durable POST /api/leads (replayed,
 * routed, stored with its delivery rows under synchronous=FULL) beside GET /api/health, measured on
 * 127.0.0.1 in one run against the real server in its own process. Bounded: each phase runs for
 * --seconds (5) with --connections (16) clients, then the server is stopped.
 */
import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, cpus, tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../", import.meta.url));
const seconds = Number(argument("--seconds") ?? 5);
const connections = Number(argument("--connections") ?? 16);

interface Phase {
  name: string;
  requests: number;
  failures: number;
  elapsedMs: number;
  latencies: number[];
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/** Every buyer with room for the whole run, so each lead writes its delivery rows as in production. */
async function benchBuyersFile(dir: string): Promise<string> {
  const real = JSON.parse(await readFile(path.join(root, "server/config/buyers.json"), "utf8")) as { buyers: Array<{ dailyCap: number }> };
  const file = path.join(dir, "buyers.json");
  await writeFile(file, JSON.stringify({ ...real, buyers: real.buyers.map((b) => ({ ...b, dailyCap: 1_000_000 })) }));
  return file;
}

function startServer(env: Record<string, string>): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`benchServer: the server exited with ${code} before listening`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /is running at (http:\/\/[^\s/]+)\//.exec(out);
      if (!match) return;
      const stop = async () => {
        child.kill("SIGTERM");
        await exited;
      };
      resolve({ url: match[1]!, stop });
    });
  });
}

let serial = 0;
/** A business energy lead from a new person each time, naming the energy partners. */
function leadBody(): string {
  const n = serial++;
  return JSON.stringify({
    flowId: "business-energy",
    version: 1,
    answers: {
      utility: "both",
      spendString: "500-1000",
      hasHalfHourlyMeter: "no",
      contractExpiry: "within3Months",
      currentSupplier: "edf",
      businessAddressManual: false,
      businessAddress: { id: "demo-ls1-4dy-2", lines: ["Brightwell Print Studio", "14 Calder Row"], townCity: "Leeds", postcode: "LS1 4DY" },
      postcode: "LS1 4DY",
      businessName: "Brightwell Print Studio",
      customerName: `Bench Person${n}`,
      phone: `020 7${String(n).padStart(7, "0")}`,
      email: `bench${n}@example.com`,
    },
    contactConsent: { wording: "Benchmark consent", buyers: ["Bionic", "Energy Switchers", "Save Energy UK", "Tem"] },
  });
}

async function measure(name: string, send: () => Promise<boolean>, durationMs: number): Promise<Phase> {
  const latencies: number[] = [];
  let failures = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  const client = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      const ok = await send().catch(() => false);
      latencies.push(performance.now() - t0);
      if (!ok) failures++;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return { name, requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const perSecond = (phase: Phase) => phase.requests / (phase.elapsedMs / 1000);

const dir = await mkdtemp(path.join(tmpdir(), "switchplan-bench-"));
const server = await startServer({
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATA_DIR: path.join(dir, "data"),
  SITE_DIR: path.join(dir, "no-site"),
  BUYERS_FILE: await benchBuyersFile(dir),
  OPENING_HOURS: "always",
  MIN_FILL_MS: "0",
  RATE_LIMIT_MAX: "100000000",
  DELIVERY_WORKER: "off",
});
try {
  const health = async () => {
    const response = await fetch(`${server.url}/api/health`);
    await response.arrayBuffer();
    return response.ok;
  };
  const lead = () =>
    fetch(`${server.url}/api/leads`, { method: "POST", headers: { "content-type": "application/json" }, body: leadBody() }).then(async (r) => {
      const body = (await r.json()) as { code?: string };
      return r.ok && body.code === "5";
    });
  await measure("warm-up", health, 500);
  await measure("warm-up", lead, 500);
  const phases = [await measure("GET /api/health", health, seconds * 1000), await measure("POST /api/leads (durable)", lead, seconds * 1000)];

  console.log(`\n${cpus()[0]?.model ?? "cpu"} × ${availableParallelism()}, Node ${process.version}, ${connections} connections, ${seconds} s per phase, SQLite (WAL, synchronous=FULL)\n`);
  console.log(`${"".padEnd(28)}${"requests/s".padStart(12)}${"p50 ms".padStart(10)}${"p99 ms".padStart(10)}${"failed".padStart(9)}`);
  for (const phase of phases) {
    console.log(
      `${phase.name.padEnd(28)}${perSecond(phase).toFixed(0).padStart(12)}${percentile(phase.latencies, 50).toFixed(1).padStart(10)}${percentile(phase.latencies, 99).toFixed(1).padStart(10)}${String(phase.failures).padStart(9)}`,
    );
  }
  const [healthPhase, leadPhase] = phases as [Phase, Phase];
  console.log(`\nratio leads/health: ${(perSecond(leadPhase) / perSecond(healthPhase)).toFixed(3)} of the requests per second; p99 ×${(percentile(leadPhase.latencies, 99) / percentile(healthPhase.latencies, 99)).toFixed(1)}`);
  if (leadPhase.failures > 0 || healthPhase.failures > 0) process.exitCode = 1;
} finally {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
}
