/** Address lookups without scripts: the "Find address" button, and a postcode carried to the address step. */
import type { FastifyRequest } from "fastify";
import { kindOf } from "../../engine/core/kinds/registry";
import type { AddressLookup } from "../../engine/core/kinds/stepKind";
import type { FlowDocument } from "../../engine/core/types";
import { stepById } from "../../engine/core/walkFlow";
import { AddressLookupError, type AddressProvider } from "../addresses/addressProvider";
import type { PlainState } from "./keptState";
import type { PlainQuoteOptions } from "./plainOptions";

/** The state on arriving at its step: what the step's kind does there without scripts (an address looked up). */
export async function arrive(options: PlainQuoteOptions, state: PlainState, flow: FlowDocument, request: FastifyRequest): Promise<PlainState> {
  const step = stepById(flow, state.walk.stepId);
  const postcode = kindOf(step).plainArrival?.(step, state.answers)?.lookup;
  if (postcode === undefined || state.lookup?.postcode === postcode) return state;
  return { ...state, lookup: await lookUp(options.addresses, postcode, request) };
}

/** The addresses at a postcode for the address step; a provider failure keeps the postcode and says so on the page. */
export async function lookUp(provider: AddressProvider, postcode: string, request: FastifyRequest): Promise<AddressLookup> {
  try {
    return { postcode, addresses: await provider.lookup(postcode) };
  } catch (error) {
    if (!(error instanceof AddressLookupError)) throw error;
    request.log.warn({ problem: error.message }, "address lookup failed");
    return { postcode };
  }
}
