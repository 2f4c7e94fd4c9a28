/** The pages' thread (pageThread.ts), started on first use; it does not keep an idle process alive. */
import { Worker } from "node:worker_threads";
import type { MadePage, PageJob } from "./pageJob";

export interface PagesThread {
  make(job: PageJob): Promise<MadePage | undefined>;
  close(): Promise<void>;
}

export function pagesThread(siteDir: string): PagesThread {
  let worker: Worker | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve: (made: MadePage | undefined) => void; reject: (error: Error) => void }>();
  const start = () => {
    // tsx's loader does not reach worker threads by itself: register it, then load the TypeScript entry.
    const tsx = import.meta.resolve("tsx/esm/api");
    const entry = new URL("./pageThread.ts", import.meta.url).href;
    const started = new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true, workerData: { siteDir } });
    started.unref();
    started.on("message", ({ id, made, error }: { id: number; made?: MadePage; error?: string }) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (pending.size === 0) started.unref();
      if (error === undefined) waiting?.resolve(made);
      else waiting?.reject(new Error(`a version's page could not be made: ${error}`));
    });
    const stop = (error: Error) => {
      if (worker === started) worker = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on("error", stop);
    started.on("exit", (code) => stop(new Error(`the pages' thread stopped (exit code ${code})`)));
    return started;
  };
  return {
    make: (job) =>
      new Promise((resolve, reject) => {
        worker ??= start();
        worker.ref();
        const id = nextId++;
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      }),
    async close() {
      const running = worker;
      worker = undefined;
      await running?.terminate();
    },
  };
}
