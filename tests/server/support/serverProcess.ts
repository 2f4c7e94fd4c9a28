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
export function startServerProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<ServerProcess> {
  // node --import tsx runs the server in this one process, so a signal reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    let listening = false;
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!listening) reject(new Error(`the server exited with ${code} before listening:\n${stderr}`));
    });
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const match = /is running at (http:\/\/[^\s/]+)\//.exec(stdout);
      if (!match) return;
      if (listening) return;
      listening = true;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
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

/** Starts `server/workerMain.ts` (the delivery worker alone); resolves once it says it has started. */
export function startWorkerProcess(env: Record<string, string>, timeoutMs = 20_000): Promise<Omit<ServerProcess, "url">> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/workerMain.ts"], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "info", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`the worker did not start within ${timeoutMs} ms:\n${stderr}`));
    }, timeoutMs);
    child.stdout!.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!stdout.includes("delivery worker started")) return;
      clearTimeout(timer);
      resolve({
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
