/**
 * The address step's lookup without scripts ("Find address", or the lookup on arriving with a postcode), within the
 * same budget as GET /api/addresses. Over the budget, or when the provider fails, the step shows the sentence the
 * API's 429 and 502 carry (a failed lookup), keeps the postcode, and the address can still be typed in.
 */
import type { FastifyRequest } from "fastify";
import type { AddressLookup } from "../../engine/core/kinds/stepKind";
import { takeLookup } from "../addresses/addressBudget";
import { AddressLookupError, type AddressProvider } from "../addresses/addressProvider";
import type { ClientBudget } from "../security/clientBudget";
import { QUOTE_SESSION_COOKIE } from "./plainQuote";

/** The addresses at a postcode for the address step, or the postcode alone when the lookup cannot be made. */
export async function plainLookup(provider: AddressProvider, budget: ClientBudget, postcode: string, request: FastifyRequest): Promise<AddressLookup> {
  const taken = await takeLookup(budget, request, quoteSessionOf(request));
  if (!taken.allowed) {
    request.log.info("address lookups over budget");
    return { postcode };
  }
  try {
    return { postcode, addresses: await provider.lookup(postcode) };
  } catch (error) {
    if (!(error instanceof AddressLookupError)) throw error;
    request.log.warn({ problem: error.message }, "address lookup failed");
    return { postcode };
  }
}

/** The session id of the request's quote cookie, when the server signed it. */
function quoteSessionOf(request: FastifyRequest): string | undefined {
  const raw = request.cookies[QUOTE_SESSION_COOKIE];
  const unsigned = raw === undefined ? undefined : request.unsignCookie(raw);
  return unsigned?.valid && unsigned.value ? unsigned.value : undefined;
}
