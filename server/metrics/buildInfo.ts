/** switchplan_build_info: which release a process runs (package.json's version) and from which commit, always 1. */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Gauge, type Registry } from "prom-client";
import { repoRoot } from "../config";

/** The release and commit this process runs: BUILD_COMMIT when the deploy sets it, else the checkout's own commit. */
export function buildIdentity(env: NodeJS.ProcessEnv = process.env): { version: string; commit: string } {
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
  return { version, commit: commitLabel(env.BUILD_COMMIT ?? checkoutCommit()) };
}

/** Registers the build series on `registry`. */
export function buildInfo(registry: Registry, env: NodeJS.ProcessEnv = process.env): void {
  const gauge = new Gauge({ name: "switchplan_build_info", help: "Always 1; its labels name the release (package.json's version) and the commit this process runs.", labelNames: ["version", "commit"], registers: [registry] });
  gauge.set(buildIdentity(env), 1);
}

function checkoutCommit(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { cwd: repoRoot, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 2000 }).trim();
  } catch {
    return undefined;
  }
}

/** A commit id, shortened to 12 hex digits; "unknown" for anything else. */
function commitLabel(commit: string | undefined): string {
  return commit && /^[0-9a-f]{7,40}$/i.test(commit) ? commit.slice(0, 12).toLowerCase() : "unknown";
}
