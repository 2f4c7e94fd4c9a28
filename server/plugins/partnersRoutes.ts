/**
 * GET /api/partners?service=…: the partners a service's leads may go to, by name, for the consent wording, with
 * the numbers the quote page shows and whether the phone lines are open now (the site's opening hours).
 */
import type { FastifyInstance } from "fastify";
import fieldsSchema from "../../schemas/fields.schema.json";
import type { ServiceType } from "../../engine/core/types";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import type { OpeningHours } from "../hours/openingHours";

/** What the partners route needs. */
export interface PartnersRoutesOptions {
  buyers: BuyerDirectory;
  /** The site's opening hours, for the phone status. */
  siteHours: OpeningHours;
  now: () => Date;
}

interface PartnersReply {
  partners: Array<{ name: string; phone: string }>;
  open: boolean;
}

const services = new Set<string>(fieldsSchema.definitions.serviceType.enum);

/** The partners route: names and phone numbers only, never endpoints, prices or caps. */
export default async function partnersRoutes(fastify: FastifyInstance, { buyers, siteHours, now }: PartnersRoutesOptions): Promise<void> {
  fastify.get<{ Querystring: { service?: string }; Reply: PartnersReply | { message: string } }>(
    "/api/partners",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["partners", "open"],
            properties: {
              partners: {
                type: "array",
                items: { type: "object", required: ["name", "phone"], properties: { name: { type: "string" }, phone: { type: "string" } } },
              },
              open: { type: "boolean" },
            },
          },
        },
      },
    },
    async (request, reply) => {
      const { service } = request.query;
      if (service === undefined || !services.has(service)) return reply.code(400).send({ message: "Unknown service" });
      const partners = new Map(buyers.forService(service as ServiceType).map((b) => [b.name, { name: b.name, phone: b.phone }]));
      // The phone status changes with the clock: never from a cache.
      reply.header("cache-control", "no-store");
      return { partners: [...partners.values()], open: siteHours.isOpen(now()) };
    },
  );
}
