/**
 * What Kysely's migrator asks of a PostgreSQL database (does our schema exist, does the migrations table), answered
 * from the connection's own schema alone. Kysely's own introspector reads every schema of the database and checks a
 * privilege on each by name, so a schema another instance or test run drops at that moment ("schema … does not
 * exist") failed a start that had nothing to do with it.
 */
import { sql, type DatabaseIntrospector, type Kysely, type SchemaMetadata, type TableMetadata } from "kysely";

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; type: string }>`
      select table_name as name, table_schema as schema, table_type as type
      from information_schema.tables where table_schema = current_schema() order by table_name`.execute(this.#db);
    return rows.map((row) => ({ name: row.name, schema: row.schema, isView: row.type === "VIEW", columns: [] }));
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() };
  }
}
