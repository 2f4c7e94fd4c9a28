/** GET /api/health: ok when the server answers and its database does. */
import type { FastifyInstance } from "fastify";
import { sql, type Kysely } from "kysely";
import type { Database } from "../storage/schema";

export interface HealthRoutesOptions {
  db: Kysely<Database>;
}

/** The health route, for load balancers and uptime checks. */
export default async function healthRoutes(fastify: FastifyInstance, { db }: HealthRoutesOptions): Promise<void> {
  fastify.get(
    "/api/health",
    {
      schema: {
        response: { 200: { type: "object", required: ["status"], properties: { status: { const: "ok" } } } },
      },
    },
    async () => {
      await sql`select 1`.execute(db);
      return { status: "ok" as const };
    },
  );
}
