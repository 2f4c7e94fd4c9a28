/**
 * `npm run fuzz:endpoints`: the real server (with `npm run build`'s site) on 127.0.0.1, on a scratch SQLite folder
 * and, when TEST_DATABASE_URL is set, on a scratch PostgreSQL schema; per store, at least --requests (10,000)
 * requests within --minutes (15): a random mix of every public endpoint (scripts/fuzz/randomRequests.ts) beside the
 * races (scripts/fuzz/races.ts). It prints the requests by kind, the statuses, any 5xx, and each promise kept or
 * broken (scripts/fuzz/promises.ts); it exits 1 when a 5xx was answered, a promise was broken or the count was not
 * reached in time. Loopback only; nothing is sent to a buyer.
 */
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { loadFlowCorpus } from "../engine/node/formsFolder";
import { loadConfig } from "../server/config";
import { startFuzzServer, type Store } from "./fuzz/fuzzServer";
import { Ledger } from "./fuzz/ledger";
import { closeClient } from "./fuzz/loopback";
import { checkPromises } from "./fuzz/promises";
import { beaconsOutOfOrder, contactRace, copiesRace, submissionKeyRace, type RaceContext } from "./fuzz/races";
import { sendRandom, type MixContext } from "./fuzz/randomRequests";
import { root } from "./support/leadServer";

const target = Number(argument("--requests") ?? 10_000);
const minutes = Number(argument("--minutes") ?? 15);
/** Requests of the mix in flight at once, and races run side by side (each of its own kind in turn). */
const MIX_CLIENTS = 12;
const RACERS = 3;

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const siteDir = path.join(root, "dist", "client");
if (!existsSync(path.join(root, "dist", "server", "entry-server.js"))) throw new Error("dist/ is missing: run `npm run build` first");
const corpus = loadFlowCorpus(path.join(root, "forms"));
const served = corpus.flows.filter((f) => f.defaultVersion !== undefined);
const flows = served.map((f) => ({ id: f.id, path: `/quote/${f.path}/`, steps: [...new Set(f.versions.flatMap((v) => v.flow?.steps.map((s) => s.id) ?? []))] }));
const beaconSteps = served.flatMap((f) => f.versions.flatMap((v) => (v.flow ? [{ flowId: f.id, version: v.version, steps: v.flow.steps.map((s) => s.id) }] : [])));
const staticPages = readdirSync(siteDir, { recursive: true, encoding: "utf8" })
  .filter((file) => file.endsWith("index.html") && !file.startsWith("quote"))
  .slice(0, 60)
  .map((file) => `/${path.dirname(file) === "." ? "" : `${path.dirname(file)}/`}`);
// The per-address limits at their defaults (fuzzServer.ts raises none of them).
const { perAddress } = loadConfig({});

/** Fuzzes one store; true when every promise held and no 5xx was answered. */
async function fuzz(store: Store): Promise<boolean> {
  const server = await startFuzzServer(store, process.env.TEST_DATABASE_URL);
  const ledger = new Ledger(server.url);
  let serial = 0;
  let addresses = 0;
  const next = () => ++serial;
  const freshAddress = () => `10.${(++addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
  const raceBroken: string[] = [];
  const races = new Map<string, number>();
  const deadline = Date.now() + minutes * 60_000;
  const going = () => ledger.sent < target && Date.now() < deadline;
  const started = Date.now();
  try {
    const mix: MixContext = { ledger, origin: server.url, staticPages, flows, next };
    const raceContext: RaceContext = { ledger, db: server.db, origin: server.url, next, freshAddress, beaconSteps };
    const raceKinds: Array<[string, () => Promise<string[]>]> = [
      ["contact step ×20, same details", () => contactRace(raceContext, false)],
      ["contact step ×20, different details", () => contactRace(raceContext, true)],
      ["2 copies of one form", () => copiesRace(raceContext, 2)],
      ["3 copies of one form", () => copiesRace(raceContext, 3)],
      ["10 copies of one form", () => copiesRace(raceContext, 10)],
      ["/api/leads, one submission key ×20", () => submissionKeyRace(raceContext)],
      ["beacons out of order", () => beaconsOutOfOrder(raceContext)],
    ];
    const mixClient = async () => {
      while (going()) await sendRandom(mix);
    };
    const racer = async (first: number) => {
      for (let i = first; going(); i++) {
        const [name, run] = raceKinds[i % raceKinds.length]!;
        raceBroken.push(...(await run()));
        races.set(name, (races.get(name) ?? 0) + 1);
      }
    };
    await Promise.all([...Array.from({ length: RACERS }, (_, k) => racer(k * 2)), ...Array.from({ length: MIX_CLIENTS }, mixClient)]);
    const elapsed = (Date.now() - started) / 1000;
    const { broken, rows } = await checkPromises(server.db, ledger, corpus, perAddress);
    broken.set("the races' own checks (one lead, one set of deliveries, one move per form)", raceBroken);
    return report(store, ledger, races, broken, rows, elapsed);
  } finally {
    await server.stop();
  }
}

/** Prints one store's counts and promises; true when all is well. */
function report(store: Store, ledger: Ledger, races: Map<string, number>, broken: Map<string, string[]>, rows: Record<string, number>, elapsed: number): boolean {
  const reached = ledger.sent >= target;
  console.log(`\n== ${store}: ${ledger.sent.toLocaleString("en-GB")} requests in ${elapsed.toFixed(0)} s${reached ? "" : ` (SHORT of ${target.toLocaleString("en-GB")}: the time ran out)`}`);
  console.log("requests by kind:");
  for (const [kind, n] of [...ledger.byKind].sort((a, b) => b[1] - a[1])) console.log(`  ${String(n).padStart(6)}  ${kind}`);
  console.log(`races run: ${[...races].map(([name, n]) => `${name} ${n}`).join("; ")}`);
  console.log(`statuses: ${[...ledger.byStatus].sort((a, b) => a[0] - b[0]).map(([status, n]) => `${status === 0 ? "cut off" : status} ×${n}`).join(", ")}`);
  console.log(`5xx (and connections cut): ${ledger.serverErrors.length}`);
  for (const line of ledger.serverErrors.slice(0, 20)) console.log(`  ${line}`);
  console.log(`rows: ${Object.entries(rows).map(([name, n]) => `${name} ${n}`).join(", ")}`);
  for (const [promise, problems] of broken) {
    console.log(`  ${problems.length === 0 ? "kept  " : "BROKEN"}  ${promise}`);
    for (const problem of problems.slice(0, 5)) console.log(`            ${problem}`);
  }
  return reached && ledger.serverErrors.length === 0 && [...broken.values()].every((problems) => problems.length === 0);
}

const stores: Store[] = process.env.TEST_DATABASE_URL ? ["SQLite", "PostgreSQL"] : ["SQLite"];
let allWell = true;
try {
  for (const store of stores) allWell = (await fuzz(store)) && allWell;
} finally {
  closeClient();
}
if (!process.env.TEST_DATABASE_URL) console.log("\n(PostgreSQL not run: set TEST_DATABASE_URL to fuzz it too)");
process.exitCode = allWell ? 0 : 1;
