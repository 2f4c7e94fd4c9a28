/**
 * The analysts file (ANALYSTS_FILE, data/analysts.json by default), where analysts were kept before the store kept
 * them: a list of names with password hashes (passwords.ts) and, optionally, roles. The store imports it once
 * (server/storage/analystsStore.ts); after that the file is not read again.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isAnalystRole, nameProblem, type Analyst } from "./analyst";
import { isStoredHash } from "./passwords";

/** The analysts listed in `file`, by name (a reader where no role is named); undefined when there is no such file. Throws naming the file when it is not one we wrote. */
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
    const { name, passwordHash, role, added } = entry ?? {};
    if (typeof name !== "string" || nameProblem(name)) throw new Error(`${file}: analysts[${i}]: "name" is not an analyst's name`);
    if (typeof passwordHash !== "string" || !isStoredHash(passwordHash)) throw new Error(`${file}: analysts[${i}] (${name}): "passwordHash" is not a password hash`);
    if (role !== undefined && !isAnalystRole(role)) throw new Error(`${file}: analysts[${i}] (${name}): "role" is not reader, editor or publisher`);
    analysts.set(name, { name, passwordHash, role: role ?? "reader", added: typeof added === "string" ? added : "" });
  });
  return analysts;
}

/** Writes the list to `file` in one step (a temporary file renamed over it), readable by its owner only. */
export async function writeAnalystsFile(file: string, analysts: Iterable<Partial<Pick<Analyst, "role">> & Omit<Analyst, "role">>): Promise<void> {
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
