/**
 * The analysts' report page as load in `npm run bench:server`: read by HTTP Basic (as the analyst of a scratch
 * analysts file, scripts/support/scratchAnalyst.ts) at a steady rate, each request started on time whether or not
 * the one before has been answered, as analysts reloading it would.
 */
import type { Phase } from "./phases";

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
