/** GET /api/addresses?postcode=…: the addresses at a postcode, for the address step's lookup. */
import type { FastifyInstance } from "fastify";
import { isValid } from "postcode";
import type { Address, AddressProvider } from "../addresses/addressProvider";

export interface AddressesRoutesOptions {
  provider: AddressProvider;
}

const invalidPostcode = { message: "Please enter a valid UK postcode" };

/** The address lookup route; a postcode that is valid but unknown finds an empty list. */
export default async function addressesRoutes(fastify: FastifyInstance, { provider }: AddressesRoutesOptions): Promise<void> {
  fastify.get<{ Querystring: { postcode?: string | string[] }; Reply: { addresses: Address[] } | { message: string } }>(
    "/api/addresses",
    {
      schema: {
        response: {
          200: {
            type: "object",
            required: ["addresses"],
            properties: { addresses: { type: "array", items: { $ref: "fields.schema.json#/definitions/address" } } },
          },
        },
      },
    },
    async (request, reply) => {
      // Checked here rather than by a querystring schema, so every bad postcode (missing, repeated,
      // malformed) gets the one sentence the address step shows.
      const { postcode } = request.query;
      if (typeof postcode !== "string" || !isValid(postcode.trim())) return reply.code(400).send(invalidPostcode);
      return { addresses: await provider.lookup(postcode) };
    },
  );
}
