/**
 * The operator's command line for the analysts in the store: `npm run analysts -- add NAME [--role ROLE] | remove
 * NAME | role NAME ROLE | list`. A password is read from standard input (typed without echo at a terminal, or
 * piped), never from the command line, where other users and the shell's history would see it. An analysts file
 * (ANALYSTS_FILE) never imported is imported first.
 */
import { parseArgs } from "node:util";
import type { Kysely } from "kysely";
import { aRole, ANALYST_ROLES, nameProblem, roleProblem, type AnalystRole } from "../analysts/analyst";
import { hashPassword, passwordProblem } from "../analysts/passwords";
import { addAnalyst, importAnalystsFileOnce, listAnalysts, removeAnalyst, setAnalystRole } from "../storage/analystsStore";
import type { Database } from "../storage/schema";

/** What the command needs: the store and its name in words, the old analysts file, where to write, how to read the password, and the time. */
export interface AnalystsCliContext {
  db: Kysely<Database>;
  store: string;
  file: string;
  out: (text: string) => void;
  readPassword: () => Promise<string>;
  now: () => Date;
}

/** What `npm run analysts` without a command prints. */
export const USAGE = `Usage: npm run analysts -- <command>
  add NAME [--role ROLE]  add an analyst (a reader unless ROLE says otherwise); the password (at least 12
                          characters) is read from standard input
  remove NAME             remove an analyst: their sessions end at once
  role NAME ROLE          give an analyst another role, from their next request
  list                    the analysts, with their roles and when each was added
Roles: reader (reads results), editor (also keeps drafts and makes preview links), publisher (also publishes and
changes traffic). Analysts are kept in the store (DATABASE_URL, or DATA_DIR's leads.sqlite); an ANALYSTS_FILE
(data/analysts.json by default) never imported is imported first.`;

/** A mistake in the command line or its input: the message is shown, and the exit code is 1. */
export class UsageError extends Error {}

/** Runs one command; resolves with the process exit code (0 done, 2 not found); throws a UsageError, or an Error saying what is wrong with the input. */
export async function runAnalystsCli(args: string[], context: AnalystsCliContext): Promise<number> {
  const { command, names, role } = parseCommand(args);
  const imported = await importAnalystsFileOnce(context.db, context.file, context.now());
  if (imported) context.out(`Imported ${imported.length} analyst${imported.length === 1 ? "" : "s"} from ${context.file} into ${context.store}; the file is not read again\n`);
  if (command === "list") return list(context);
  const name = names[0]!;
  if (command === "add") return add(context, name, role ?? "reader");
  if (command === "role") return changeRole(context, name, names[1] as AnalystRole);
  return remove(context, name);
}

const ARITY = { list: 0, add: 1, remove: 1, role: 2 } as const;
type Command = keyof typeof ARITY;

function parseCommand(args: string[]): { command: Command; names: string[]; role?: AnalystRole } {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { role: { type: "string" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const [command, ...names] = parsed.positionals;
  if (command === undefined) throw new UsageError("No command given");
  if (!(command in ARITY)) throw new UsageError(`Unknown command "${command}"`);
  const arity = ARITY[command as Command];
  if (names.length !== arity) throw new UsageError(command === "role" ? "role needs an analyst's name and a role" : arity === 0 ? `${command} takes no name` : `${command} needs one analyst's name`);
  const problem = (names[0] !== undefined && nameProblem(names[0])) || (command === "role" && roleProblem(names[1]!));
  if (problem) throw new UsageError(problem);
  const role = parsed.values.role;
  if (role !== undefined && command !== "add") throw new UsageError(`--role goes with add; to change a role: role NAME ROLE`);
  if (role !== undefined && roleProblem(role)) throw new UsageError(roleProblem(role)!);
  return { command: command as Command, names, ...(role ? { role: role as AnalystRole } : {}) };
}

async function add({ db, store, out, readPassword, now }: AnalystsCliContext, name: string, role: AnalystRole): Promise<number> {
  if ((await listAnalysts(db)).has(name)) throw new Error(`${name} is already an analyst: remove them first to set a new password, or give them another role with: role ${name} ROLE`);
  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new Error(`${problem} ${name} was not added.`);
  if (!(await addAnalyst(db, { name, passwordHash: await hashPassword(password), role, added: now().toISOString() }))) throw new Error(`${name} was added meanwhile by someone else: nothing was changed`);
  out(`Added ${name} as ${role} to ${store}\n`);
  return 0;
}

async function remove({ db, store, out }: AnalystsCliContext, name: string): Promise<number> {
  if (!(await removeAnalyst(db, name))) {
    out(`${name} is not an analyst in ${store}\n`);
    return 2;
  }
  out(`Removed ${name} from ${store}\n`);
  return 0;
}

async function changeRole({ db, store, out }: AnalystsCliContext, name: string, role: AnalystRole): Promise<number> {
  if (!(await setAnalystRole(db, name, role))) {
    out(`${name} is not an analyst in ${store}\n`);
    return 2;
  }
  out(`${name} is now ${aRole(role)}\n`);
  return 0;
}

async function list({ db, store, out }: AnalystsCliContext): Promise<number> {
  const analysts = await listAnalysts(db);
  if (analysts.size === 0) {
    out(`No analysts in ${store}: the analysts' pages are not served\n`);
    return 0;
  }
  for (const analyst of analysts.values()) out(`${analyst.name.padEnd(24)}  ${analyst.role.padEnd(9)}  added ${analyst.added || "(unknown)"}\n`);
  out(`${analysts.size} analyst${analysts.size === 1 ? "" : "s"} (roles: ${ANALYST_ROLES.join(", ")})\n`);
  return 0;
}
