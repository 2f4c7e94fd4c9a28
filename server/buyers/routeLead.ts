/**
 * Routing: which buyers may take a lead, in the order they are offered it. Pure: the daily caps are
 * held by the store, which offers the lead down this plan inside the lead's transaction.
 */
import { conditionHolds } from "../../engine/core/conditions";
import { assertNever, type Answers, type ServiceType } from "../../engine/core/types";
import type { ResponseCode } from "../../schemas/generated/lead";
import type { BuyerDirectory, ConfiguredBuyer } from "./buyerDirectory";

/** What routing looks at. */
export interface RoutingInput {
  serviceType: ServiceType;
  answers: Answers;
  /** Whether the lead arrived outside the site's opening hours. */
  outOfHours: boolean;
  /** The buyers the visitor agreed to, by name; a lead never goes to a buyer it did not name. */
  namedBuyers: readonly string[];
}

/** The buyers that may take a lead: an exclusive one alone, else up to `maxGeneric` generic ones. */
export interface RoutingPlan {
  /** Offered first, one at a time: the first with room under its cap takes the lead alone. */
  exclusive: ConfiguredBuyer[];
  /** Offered when no exclusive buyer took it: each with room takes it, up to maxGeneric. */
  generic: ConfiguredBuyer[];
  maxGeneric: number;
}

/** The plan for a lead: buyers of its service, taking leads at this time, whose condition holds and whom the visitor named. */
export function planRouting(directory: BuyerDirectory, input: RoutingInput): RoutingPlan {
  const named = new Set(input.namedBuyers.map(nameKey));
  const eligible = directory
    .forService(input.serviceType)
    .filter((buyer) => takesLeadNow(buyer, input.outOfHours))
    .filter((buyer) => !buyer.onlyWhen || conditionHolds(buyer.onlyWhen, input.answers))
    .filter((buyer) => named.has(nameKey(buyer.name)));
  return {
    exclusive: eligible.filter((b) => b.leadType === "exclusive"),
    generic: eligible.filter((b) => b.leadType === "generic"),
    maxGeneric: directory.maxGenericBuyers,
  };
}

/** The answer for a lead given to these buyers: the first buyer's own code, 1 when it has none, 0 for no buyer. */
export function routedResponseCode(chosen: readonly ConfiguredBuyer[]): ResponseCode {
  const first = chosen[0];
  if (!first) return "0";
  return first.successCode ?? "1";
}

function takesLeadNow(buyer: ConfiguredBuyer, outOfHours: boolean): boolean {
  switch (buyer.takesLeads) {
    case "anyTime":
      return true;
    case "inOpeningHours":
      return !outOfHours;
    case "outOfHours":
      return outOfHours;
    default:
      return assertNever(buyer.takesLeads, "takesLeads");
  }
}

/** Names compare without case or surrounding spaces, as a page may print them either way. */
function nameKey(name: string): string {
  return name.trim().toLowerCase();
}
