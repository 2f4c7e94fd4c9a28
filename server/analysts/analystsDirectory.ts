/** The analysts as the server sees them: read from the store, so an analyst removed or given another role by any instance's operator counts at their next request. */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { importAnalystsFileOnce, listAnalysts } from "../storage/analystsStore";
import type { Database } from "../storage/schema";
import type { Analyst } from "./analyst";

/** The analysts now listed. */
export interface AnalystsDirectory {
  /** Every analyst by name; undefined while the store has none (the analysts' pages are then not served). */
  current(): Promise<ReadonlyMap<string, Analyst> | undefined>;
}

/** Reads `db`'s analysts; the calls made while a read is under way share it, so a burst of requests costs one. */
export function analystsDirectory(db: Kysely<Database>): AnalystsDirectory {
  let reading: Promise<ReadonlyMap<string, Analyst> | undefined> | undefined;
  return {
    current() {
      reading ??= listAnalysts(db)
        .then((analysts) => (analysts.size > 0 ? analysts : undefined))
        .finally(() => (reading = undefined));
      return reading;
    },
  };
}

/** Imports the analysts file into the store if none was imported before; a file that cannot be read is logged, and the store's analysts stand. */
export async function importAnalystsFile(db: Kysely<Database>, file: string, now: Date, log: FastifyBaseLogger): Promise<void> {
  try {
    const added = await importAnalystsFileOnce(db, file, now);
    if (added) log.info({ file, analysts: added.length }, "the analysts file was imported into the store; it is not read again");
  } catch (error) {
    log.error({ err: error }, "the analysts file cannot be imported");
  }
}
