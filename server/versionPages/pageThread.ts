/**
 * The thread that makes versions' first pages (versionPages.ts): drawing a page through the build's server bundle
 * and compressing it take tens of milliseconds of CPU, which on the server's own thread would hold every visitor's
 * request behind them. Each message is `{ id, page }` (pageJob.ts); the answer `{ id, made }` or `{ id, error }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { makePage, pageMaker, type PageJob } from "./pageJob";

const maker = pageMaker(String((workerData as { siteDir: string }).siteDir));

parentPort!.on("message", ({ id, job }: { id: number; job: PageJob }) => {
  makePage(maker, job).then(
    (made) => {
      if (!made) return parentPort!.postMessage({ id });
      const transfer = [made.identity, made.br, made.gzip].map((b) => b.buffer as ArrayBuffer);
      // Copies own their memory, so the buffers can move to the server's thread whole.
      parentPort!.postMessage({ id, made }, [...new Set(transfer)]);
    },
    (error: unknown) => parentPort!.postMessage({ id, error: String(error) }),
  );
});
