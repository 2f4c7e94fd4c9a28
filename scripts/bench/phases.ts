/** What `npm run bench:server` measures in each phase, and the health probe it runs beside the load. */
import { Worker } from "node:worker_threads";

/** One phase's requests: how many, how many failed, over how long, and each one's latency (ms, sorted). */
export interface Phase {
  name: string;
  requests: number;
  failures: number;
  elapsedMs: number;
  latencies: number[];
}

/** The p-th percentile of sorted latencies. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** A health probe (as a load balancer's), looping in a worker thread with its own event loop until the deadline. */
export function probeApart(name: string, url: string, durationMs: number, clients: number): Promise<Phase> {
  const code = `
    const { parentPort, workerData: { url, durationMs, clients } } = require("node:worker_threads");
    const latencies = [];
    let failures = 0;
    const started = performance.now();
    const client = async () => {
      while (performance.now() < started + durationMs) {
        const t0 = performance.now();
        const ok = await fetch(url).then(async (r) => (await r.arrayBuffer(), r.ok), () => false);
        latencies.push(performance.now() - t0);
        if (!ok) failures++;
      }
    };
    Promise.all(Array.from({ length: clients }, client)).then(() => parentPort.postMessage({ latencies, failures, elapsedMs: performance.now() - started }));
  `;
  const worker = new Worker(code, { eval: true, workerData: { url, durationMs, clients } });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("message", (result: Omit<Phase, "name" | "requests">) => {
      void worker.terminate();
      resolve({ name, ...result, requests: result.latencies.length, latencies: result.latencies.sort((a, b) => a - b) });
    });
  });
}
