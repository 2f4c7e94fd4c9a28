/**
 * Address lookups without scripts: the "Find address" button, and a postcode carried to the address step. Each takes
 * from the same budget as GET /api/addresses. Over the budget, or when the provider fails, the step keeps the postcode
 * and says the lookup failed (the sentence the API's 429 and 502 carry), and the address can still be typed in.
 */
import type { FastifyRequest } from "fastify";
import { kindOf } from "../../engine/core/kinds/registry";
import type { AddressLookup } from "../../engine/core/kinds/stepKind";
import type { FlowDocument } from "../../engine/core/types";
import { stepById } from "../../engine/core/walkFlow";
import { takeLookup } from "../addresses/addressBudget";
import { AddressLookupError } from "../addresses/addressProvider";
import type { PlainState } from "./keptState";
import type { PlainQuoteOptions } from "./plainOptions";
import { sessionOf } from "./sessionCookie";

/** The state on arriving at its step: what the step's kind does there without scripts (an address looked up). */
export async function arrive(options: PlainQuoteOptions, state: PlainState, flow: FlowDocument, request: FastifyRequest): Promise<PlainState> {
  const step = stepById(flow, state.walk.stepId);
  const postcode = kindOf(step).plainArrival?.(step, state.answers)?.lookup;
  if (postcode === undefined || state.lookup?.postcode === postcode) return state;
  return { ...state, lookup: await lookUp(options, postcode, request) };
}

/** The addresses at a postcode for the address step, or the postcode alone when the lookup cannot be made. */
export async function lookUp(options: PlainQuoteOptions, postcode: string, request: FastifyRequest): Promise<AddressLookup> {
  const session = sessionOf(request);
  const taken = await takeLookup(options.addressBudget, request, typeof session === "object" ? session.id : undefined);
  if (!taken.allowed) {
    request.log.info("address lookups over budget");
    return { postcode };
  }
  try {
    return { postcode, addresses: await options.addresses.lookup(postcode) };
  } catch (error) {
    if (!(error instanceof AddressLookupError)) throw error;
    request.log.warn({ problem: error.message }, "address lookup failed");
    return { postcode };
  }
}
