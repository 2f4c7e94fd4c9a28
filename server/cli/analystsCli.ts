/**
 * The operator's command line for the analysts file: `npm run analysts -- add NAME | remove NAME | list`. A
 * password is read from standard input (typed without echo at a terminal, or piped), never from the command line,
 * where other users and the shell's history would see it.
 */
import { readAnalystsFile, writeAnalystsFile, nameProblem, type Analyst } from "../analysts/analystsFile";
import { hashPassword, passwordProblem } from "../analysts/passwords";

/** What the command needs: the file, where to write, how to read the password, and the time. */
export interface AnalystsCliContext {
  file: string;
  out: (text: string) => void;
  readPassword: () => Promise<string>;
  now: () => Date;
}

/** What `npm run analysts` without a command prints. */
export const USAGE = `Usage: npm run analysts -- <command>
  add NAME      add an analyst; the password (at least 12 characters) is read from standard input
  remove NAME   remove an analyst: their sessions stop working at their next request
  list          the analysts, with when each was added
The file is ANALYSTS_FILE (data/analysts.json by default).`;

/** A mistake in the command line or its input: the message is shown, and the exit code is 1. */
export class UsageError extends Error {}

/** Runs one command; resolves with the process exit code (0 done, 2 not found); throws a UsageError, or an Error saying what is wrong with the input. */
export async function runAnalystsCli(args: string[], context: AnalystsCliContext): Promise<number> {
  const [command, name, ...extra] = args;
  if (command === "list" && name === undefined) return list(context);
  if (command !== "add" && command !== "remove") throw new UsageError(command ? `Unknown command "${command}"` : "No command given");
  if (name === undefined || extra.length > 0) throw new UsageError(`${command} needs one analyst's name`);
  const problem = nameProblem(name);
  if (problem) throw new UsageError(problem);
  return command === "add" ? add(context, name) : remove(context, name);
}

async function analystsIn(file: string): Promise<Map<string, Analyst>> {
  return (await readAnalystsFile(file)) ?? new Map();
}

async function add({ file, out, readPassword, now }: AnalystsCliContext, name: string): Promise<number> {
  const analysts = await analystsIn(file);
  if (analysts.has(name)) throw new Error(`${name} is already an analyst: remove them first to set a new password`);
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new Error(`${problem} ${name} was not added.`);
  analysts.set(name, { name, passwordHash: await hashPassword(password), added: now().toISOString() });
  await writeAnalystsFile(file, analysts.values());
  out(`Added ${name} to ${file}\n`);
  return 0;
}

async function remove({ file, out }: AnalystsCliContext, name: string): Promise<number> {
  const analysts = await analystsIn(file);
  if (!analysts.delete(name)) {
    out(`${name} is not an analyst in ${file}\n`);
    return 2;
  }
  await writeAnalystsFile(file, analysts.values());
  out(`Removed ${name} from ${file}\n`);
  return 0;
}

async function list({ file, out }: AnalystsCliContext): Promise<number> {
  const analysts = await readAnalystsFile(file);
  if (!analysts) {
    out(`No analysts file at ${file}: the analysts' pages are not served\n`);
    return 0;
  }
  for (const analyst of analysts.values()) out(`${analyst.name.padEnd(24)}  added ${analyst.added || "(unknown)"}\n`);
  out(`${analysts.size} analyst${analysts.size === 1 ? "" : "s"}\n`);
  return 0;
}
