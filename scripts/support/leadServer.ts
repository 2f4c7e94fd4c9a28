/**
 * The real server in its own process for the scripts that load it (bench:server, test:crash): started on
 * 127.0.0.1 with every buyer's cap out of the way, and business energy leads from a new person each time.
 */
import { spawn } from "node:child_process";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { businessEnergyV1Answers } from "./sampleLead";

export const root = fileURLToPath(new URL("../../", import.meta.url));

/** A server process: its address, and how to stop it with a signal. */
export interface LeadServer {
  url: string;
  pid: number;
  /** What it has written to its standard output so far (its log lines, at LOG_LEVEL and above). */
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Writes the real buyers file with room under every cap for the whole run; returns its path. */
export async function uncappedBuyersFile(dir: string): Promise<string> {
  const real = JSON.parse(await readFile(path.join(root, "server/config/buyers.json"), "utf8")) as { buyers: Array<{ dailyCap: number }> };
  const file = path.join(dir, "buyers.json");
  await writeFile(file, JSON.stringify({ ...real, buyers: real.buyers.map((b) => ({ ...b, dailyCap: 1_000_000 })) }));
  return file;
}

/** The settings of a server under load: no bot checks or rate limits in the way, no deliveries sent. */
export function loadSettings(dir: string, buyersFile: string): Record<string, string> {
  return {
    HOST: "127.0.0.1",
    PORT: "0",
    LOG_LEVEL: "warn",
    DATA_DIR: path.join(dir, "data"),
    SITE_DIR: path.join(dir, "no-site"),
    BUYERS_FILE: buyersFile,
    OPENING_HOURS: "always",
    MIN_FILL_MS: "0",
    RATE_LIMIT_MAX: "100000000",
    ADDRESS_RATE_LIMIT_MAX: "100000000",
    NEW_VISITS_PER_ADDRESS_MAX: "100000000",
    QUOTE_SESSIONS_PER_ADDRESS_MAX: "100000000",
    DELIVERY_WORKER: "off",
  };
}

/** With SERVER_CPU_PROFILE=<folder>, the server writes a V8 CPU profile of each of its threads there when it stops. */
function cpuProfileFlags(): string[] {
  const folder = process.env.SERVER_CPU_PROFILE;
  return folder ? ["--cpu-prof", `--cpu-prof-dir=${folder}`] : [];
}

/** Starts `server/main.ts` (or another entry that prints the same line) with these variables; resolves once it is listening. */
export function startLeadServer(env: Record<string, string>, entry = "server/main.ts"): Promise<LeadServer> {
  const child = spawn(process.execPath, [...cpuProfileFlags(), "--import", "tsx", entry], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return new Promise((resolve, reject) => {
    let out = "";
    child.once("exit", (code) => reject(new Error(`the server exited with ${code} before listening`)));
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /is running at (http:\/\/[^\s/]+)\//.exec(out);
      if (!match) return;
      resolve({
        url: match[1]!,
        pid: child.pid!,
        output: () => out,
        stop: async (signal = "SIGTERM") => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
  });
}

/** A business energy lead (the real flow) from person `n`, naming the energy partners. */
export function leadBody(n: number): string {
  return JSON.stringify({
    flowId: "business-energy",
    version: 1,
    answers: {
      ...businessEnergyV1Answers,
      customerName: `Bench Person${n}`,
      phone: `020 7${String(n).padStart(7, "0")}`,
      email: `bench${n}@example.com`,
    },
    contactConsent: { wording: "Benchmark consent", buyers: ["Bionic", "Energy Switchers", "Save Energy UK", "Tem"] },
  });
}

/** Posts a lead; resolves with the answer's status and body. */
export async function postLead(url: string, n: number): Promise<{ status: number; body: { code?: string; leadId?: string; buyers?: unknown[] } }> {
  const response = await fetch(`${url}/api/leads`, { method: "POST", headers: { "content-type": "application/json", origin: url }, body: leadBody(n) });
  return { status: response.status, body: (await response.json()) as { code?: string; leadId?: string; buyers?: unknown[] } };
}
