/**
 * The analysts file (ANALYSTS_FILE, data/analysts.json by default): who may read the analysts' pages, each with a
 * password hash (passwords.ts). `npm run analysts` writes it; the server reads it again whenever it changes on disk,
 * so an analyst removed there is refused at their next request.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { isStoredHash } from "./passwords";

/** One analyst as stored. */
export interface Analyst {
  name: string;
  /** `scrypt$N=…,r=…,p=…$salt$hash` (passwords.ts), never the password. */
  passwordHash: string;
  /** When they were added (ISO 8601). */
  added: string;
}

/** A name: lower-case letters, digits, dots, dashes and underscores, starting with a letter or digit, up to 64. */
export const ANALYST_NAME = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Why a name cannot be used, or undefined when it can. */
export function nameProblem(name: string): string | undefined {
  return ANALYST_NAME.test(name) ? undefined : `"${name}" is not an analyst's name: use lower-case letters, digits, ".", "-" or "_" (up to 64, starting with a letter or digit).`;
}

/** The analysts listed in `file`, by name; undefined when there is no such file. Throws naming the file when it is not one we wrote. */
export async function readAnalystsFile(file: string): Promise<Map<string, Analyst> | undefined> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`, { cause: error });
  }
  const list = (parsed as { analysts?: unknown } | null)?.analysts;
  if (!Array.isArray(list)) throw new Error(`${file}: expected { "analysts": [ … ] }`);
  const analysts = new Map<string, Analyst>();
  list.forEach((entry: Partial<Analyst> | null, i) => {
    const { name, passwordHash, added } = entry ?? {};
    if (typeof name !== "string" || nameProblem(name)) throw new Error(`${file}: analysts[${i}]: "name" is not an analyst's name`);
    if (typeof passwordHash !== "string" || !isStoredHash(passwordHash)) throw new Error(`${file}: analysts[${i}] (${name}): "passwordHash" is not a password hash`);
    analysts.set(name, { name, passwordHash, added: typeof added === "string" ? added : "" });
  });
  return analysts;
}

/** Writes the list to `file` in one step (a temporary file renamed over it), readable by its owner only. */
export async function writeAnalystsFile(file: string, analysts: Iterable<Analyst>): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const sorted = [...analysts].sort((a, b) => a.name.localeCompare(b.name));
  const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(temp, `${JSON.stringify({ analysts: sorted }, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The analysts file as the server sees it: read again only when its modification time or size changes. */
export interface AnalystsDirectory {
  /** The analysts now listed; undefined while there is no file. */
  current(): Promise<ReadonlyMap<string, Analyst> | undefined>;
}

/**
 * Watches `file` by its modification time: one stat per call, shared by the calls made while it is under way (a
 * burst of requests costs one); a file that turns unreadable keeps the last good list, logged.
 */
export function analystsDirectory(file: string, onError: (error: Error) => void): AnalystsDirectory {
  let seen: { stamp: string; analysts: Map<string, Analyst> | undefined } | undefined;
  let looking: Promise<ReadonlyMap<string, Analyst> | undefined> | undefined;
  async function look(): Promise<ReadonlyMap<string, Analyst> | undefined> {
    const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return undefined;
      throw error;
    });
    const stamp = info ? `${info.mtimeMs} ${info.size} ${info.ino}` : "none";
    if (seen?.stamp === stamp) return seen.analysts;
    try {
      seen = { stamp, analysts: info ? await readAnalystsFile(file) : undefined };
    } catch (error) {
      onError(error as Error);
      // A file being edited by hand is no reason to let anyone in: the last good list stands, or nobody.
      seen = { stamp, analysts: seen?.analysts ?? new Map() };
    }
    return seen.analysts;
  }
  return {
    current() {
      looking ??= look().finally(() => (looking = undefined));
      return looking;
    },
  };
}
