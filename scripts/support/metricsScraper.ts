/** For `bench:server --metrics`: a free port for a server's metrics, and a scraper that reads them as Prometheus would. */
import { createServer } from "node:net";

/** A port nobody listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.once("error", reject);
  });
}

/** Scrapes http://127.0.0.1:port/metrics every `everyMs` until stopped; resolves with how many scrapes answered 200. */
export function scrapeEvery(port: number, everyMs: number): { stop(): Promise<number> } {
  let answered = 0;
  let last: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    last = fetch(`http://127.0.0.1:${port}/metrics`).then(
      async (response) => {
        await response.arrayBuffer();
        if (response.ok) answered++;
      },
      () => undefined,
    );
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await last;
      return answered;
    },
  };
}
