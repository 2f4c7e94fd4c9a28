/** GET /api/addresses?postcode=…: the addresses at a postcode, for the address step's lookup. */
import type { FastifyInstance } from "fastify";
import { isValid } from "postcode";
import { AddressLookupError, type Address, type AddressProvider } from "../addresses/addressProvider";
import { fieldLabel } from "../../engine/core/fieldLabels";
import { INVALID_SUFFIX, REQUIRED_SUFFIX, SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { takeLookup } from "../addresses/addressBudget";
import type { ClientBudget } from "../security/clientBudget";

/** What the address lookup route needs. */
export interface AddressesRoutesOptions {
  provider: AddressProvider;
  /** Lookups per client address and visit, shared with the plain form's: a paid provider charges for each. */
  budget: ClientBudget;
}

const invalidPostcode = { message: `${fieldLabel("postcode")} ${INVALID_SUFFIX}` };
const missingPostcode = { message: `${fieldLabel("postcode")} ${REQUIRED_SUFFIX}` };
/** What the address step shows when the provider fails; the manual address path still works. */
const lookupFailed = { message: SOMETHING_WENT_WRONG };

/**
 * The address lookup route; a postcode that is valid but unknown finds an empty list, a provider failure
 * a 502, too many lookups from one client a 429, both with the sentence the address step shows.
 */
export default async function addressesRoutes(fastify: FastifyInstance, { provider, budget }: AddressesRoutesOptions): Promise<void> {
  fastify.get<{ Querystring: { postcode?: string }; Reply: { addresses: Address[] } | { message: string } }>(
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
      // Checked here rather than by a querystring schema, so a bad postcode gets the sentence the address step
      // shows: "is required" when none was given, "is invalid" for a malformed one.
      const { postcode } = request.query;
      if (postcode === undefined || postcode.trim() === "") return reply.code(400).send(missingPostcode);
      if (!isValid(postcode.trim())) return reply.code(400).send(invalidPostcode);
      // Counted against the one lookup budget just before the provider is asked; the visitor can still type the address.
      const taken = await takeLookup(budget, request);
      if (!taken.allowed) {
        request.log.info("address lookups over budget");
        return reply.code(429).header("retry-after", String(taken.retryAfterSeconds)).send(lookupFailed);
      }
      try {
        return { addresses: await provider.lookup(postcode) };
      } catch (error) {
        if (!(error instanceof AddressLookupError)) throw error;
        // The message names the provider and its answer, never the postcode.
        request.log.warn({ problem: error.message }, "address lookup failed");
        return reply.code(502).send(lookupFailed);
      }
    },
  );
}
