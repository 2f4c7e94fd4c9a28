/** Brings a database to the latest schema with the project's migrations, naming the one that failed. */
import { Migrator, type Kysely, type MigrationProvider } from "kysely";
import { migrations } from "./migrations";
import type { Database } from "./schema";

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Runs every migration not yet run; throws an Error naming the failed migration. On PostgreSQL, `schema`
 * is where the migrator keeps its own tables: without it Kysely looks for them in every schema, and a
 * database with several (tests, instances) would find another's and never make its own.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<void> {
  const { error, results } = await new Migrator({ db, provider, ...(schema ? { migrationTableSchema: schema } : {}) }).migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "(before any ran)";
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
