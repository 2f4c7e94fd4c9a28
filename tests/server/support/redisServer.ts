/**
 * A Redis of a test's own (`redis-server` on a free loopback port, keeping nothing on disk) that the test stops and
 * starts again on the same port, as a Redis that goes away and comes back.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { freePort } from "../../../scripts/support/metricsScraper";

/** Whether `redis-server` can be run here. */
export const hasRedisServer = spawnSync("redis-server", ["--version"]).status === 0;

/** A Redis on one port: its URL, and stopping and starting it there. */
export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** Starts `redis-server` on a free port. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const started = spawn("redis-server", ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      started.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes("Ready to accept connections")) resolve();
      });
      started.once("exit", (code) => reject(new Error(`redis-server on port ${port} exited with ${code}: ${out}`)));
      child = started;
    });
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, stop, start };
}
