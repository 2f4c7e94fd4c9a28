/**
 * The analysts' report page as load in `npm run bench:server`: an analyst in a scratch analysts file (the server's
 * ANALYSTS_FILE), and the page read by HTTP Basic at a steady rate, each request started on time whether or not
 * the one before has been answered, as analysts reloading it would.
 */
import path from "node:path";
import { writeAnalystsFile } from "../../server/analysts/analystsFile";
import { hashPassword } from "../../server/analysts/passwords";
import type { Phase } from "./phases";

const ANALYST = { name: "bench", password: "an analyst of the bench" } as const;

/** Writes the scratch analysts file into `dir`; its path, and the Authorization header that signs in as its analyst. */
export async function scratchAnalyst(dir: string): Promise<{ file: string; authorization: string }> {
  const file = path.join(dir, "analysts.json");
  await writeAnalystsFile(file, [{ name: ANALYST.name, passwordHash: await hashPassword(ANALYST.password), added: new Date().toISOString() }]);
  return { file, authorization: `Basic ${Buffer.from(`${ANALYST.name}:${ANALYST.password}`).toString("base64")}` };
}

/** GETs `url` `perSecond` times a second for `durationMs`; a request that is not answered 200 is a failure. */
export async function readReportPaced(name: string, url: string, authorization: string, perSecond: number, durationMs: number): Promise<Phase> {
  const latencies: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  let failures = 0;
  const started = performance.now();
  const read = async () => {
    const t0 = performance.now();
    const ok = await fetch(url, { headers: { authorization } }).then(async (r) => (await r.arrayBuffer(), r.status === 200), () => false);
    latencies.push(performance.now() - t0);
    if (!ok) failures++;
  };
  for (let i = 0; i < Math.round((perSecond * durationMs) / 1000); i++) {
    const due = started + (i * 1000) / perSecond;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
    inFlight.push(read());
  }
  await Promise.all(inFlight);
  return { name, requests: latencies.length, failures, elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}
