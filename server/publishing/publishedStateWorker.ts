/**
 * The server's side of the published state's thread (publishedStateThread.ts): asks in order, answers by id. The
 * thread is started on first use and does not keep an idle process alive; if it stops, every waiting ask fails and
 * the next one starts it again (with nothing held: the caller starts it over).
 */
import { Worker } from "node:worker_threads";
import type { StateAnswer, StateAsk } from "./publishedStateShapes";

/** An answer and the thread's time on it. */
export type TimedAnswer = StateAnswer & { workerMs: number };

/** The thread, as the catalogue asks it. */
export interface PublishedStateWorker {
  ask(ask: StateAsk): Promise<TimedAnswer>;
  /** How many times a thread has been started: a new one holds nothing until started over. */
  starts(): number;
  /** Whether a thread is running now. */
  running(): boolean;
  close(): Promise<void>;
}

/** Starts the published state's thread on first ask. */
export function publishedStateWorker(): PublishedStateWorker {
  type Waiting = { resolve: (answer: TimedAnswer) => void; reject: (error: Error) => void };
  let current: { thread: Worker; pending: Map<number, Waiting> } | undefined;
  let started = 0;
  let nextId = 1;
  const start = () => {
    // tsx's loader does not reach worker threads by itself: register it, then load the TypeScript entry.
    const tsx = import.meta.resolve("tsx/esm/api");
    const entry = new URL("./publishedStateThread.ts", import.meta.url).href;
    const thread = new Worker(`import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
    const pending = new Map<number, Waiting>();
    const running = { thread, pending };
    started += 1;
    thread.unref();
    thread.on("message", (message: (TimedAnswer | { error: string }) & { id: number }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (pending.size === 0) thread.unref();
      if ("error" in message) waiting?.reject(new Error(`the published flows could not be read: ${message.error}`));
      else waiting?.resolve(message);
    });
    const stop = (error: Error) => {
      if (current === running) current = undefined;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    thread.on("error", stop);
    thread.on("exit", (code) => stop(new Error(`the published flows' thread stopped (exit code ${code})`)));
    return running;
  };
  return {
    ask: (ask) =>
      new Promise((resolve, reject) => {
        current ??= start();
        current.thread.ref();
        const id = nextId++;
        current.pending.set(id, { resolve, reject });
        current.thread.postMessage({ id, ...ask });
      }),
    starts: () => started,
    running: () => current !== undefined,
    async close() {
      const last = current;
      current = undefined;
      await last?.thread.terminate();
    },
  };
}
