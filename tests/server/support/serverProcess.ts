/** The real server in its own process (`server/main.ts`), as production runs it, for crash and multi-instance tests. */
import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "../../../server/config";

/** A running server process. */
export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stderr so far (for failure messages). */
  stderr(): string;
  /** Sends a signal to this process (by its pid) and waits for it to exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `server/main.ts` with these variables on a free port; resolves once it is listening. */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<ServerProcess> {
  const { ready, ...process } = await startProcess("server/main.ts", "the server", /is running at (http:\/\/[^\s/]+)\//, timeoutMs, {
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    ...env,
  });
  return { ...process, url: ready[1]! };
}

/** Starts `server/workerMain.ts` (the delivery worker alone); resolves once it says it has started. */
export async function startWorkerProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<Omit<ServerProcess, "url">> {
  const { ready: _ready, ...process } = await startProcess("server/workerMain.ts", "the worker", /delivery worker started/, timeoutMs, {
    LOG_LEVEL: "info",
    ...env,
  });
  return process;
}

/**
 * Runs a TypeScript entry point with `node --import tsx` (one process, so a signal reaches the program itself)
 * and resolves once its stdout matches `readyLine`; rejects if it exits or times out first.
 */
function startProcess(
  entry: string,
  what: string,
  readyLine: RegExp,
  timeoutMs: number,
  env: Record<string, string>,
): Promise<Omit<ServerProcess, "url"> & { ready: RegExpExecArray }> {
  const child = spawn(process.execPath, ["--import", "tsx", entry], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!started) reject(new Error(`${what} exited with ${code} before starting:\n${stderr}`));
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const ready = readyLine.exec(stdout);
      if (!ready || started) return;
      started = true;
      clearTimeout(timer);
      resolve({
        ready,
        child,
        stderr: () => stderr,
        stop: async (signal) => {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          await exited;
        },
      });
    });
  });
}
