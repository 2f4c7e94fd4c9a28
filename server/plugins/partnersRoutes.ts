/** GET /api/partners?service=…: the partners a service's leads may go to, by name, for the consent wording. */
import type { FastifyInstance } from "fastify";
import fieldsSchema from "../../schemas/fields.schema.json";
import type { ServiceType } from "../../engine/core/types";
import type { BuyerDirectory } from "../buyers/buyerDirectory";

/** What the partners route needs. */
export interface PartnersRoutesOptions {
  buyers: BuyerDirectory;
}

const services = new Set<string>(fieldsSchema.definitions.serviceType.enum);

/** The partners route: names only, never endpoints, prices or caps. */
export default async function partnersRoutes(fastify: FastifyInstance, { buyers }: PartnersRoutesOptions): Promise<void> {
  fastify.get<{ Querystring: { service?: string | string[] }; Reply: { partners: Array<{ name: string }> } | { message: string } }>(
    "/api/partners",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["partners"],
            properties: { partners: { type: "array", items: { type: "object", required: ["name"], properties: { name: { type: "string" } } } } },
          },
        },
      },
    },
    async (request, reply) => {
      const { service } = request.query;
      if (typeof service !== "string" || !services.has(service)) return reply.code(400).send({ message: "Unknown service" });
      const names = [...new Set(buyers.forService(service as ServiceType).map((b) => b.name))];
      return { partners: names.map((name) => ({ name })) };
    },
  );
}
