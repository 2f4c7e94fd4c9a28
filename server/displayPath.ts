/** Paths as people name them in messages: relative to the repository when inside it. */
import path from "node:path";
import { repoRoot } from "./config";

/** `server/config/buyers.json` for a file in the repository, the absolute path otherwise. */
export function displayPath(file: string): string {
  const relative = path.relative(repoRoot, file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

/** A configuration file that cannot be used: every problem, each starting with the file's name. */
export class ConfigFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join("\n"));
    this.name = "ConfigFileError";
  }
}
