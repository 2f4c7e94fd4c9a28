/** The configured buyers, looked up by key and by service, in routing order. */
import type { ServiceType } from "../../engine/core/types";
import type { Buyer } from "../../schemas/generated/buyers";
import type { OpeningHours } from "../hours/openingHours";

export type { Buyer };

/** A buyer from the file with its defaults filled in and its delivery hours read. */
export interface ConfiguredBuyer extends Buyer {
  priority: number;
  takesLeads: NonNullable<Buyer["takesLeads"]>;
  deliveryHours: OpeningHours;
}

/** Every buyer of the buyers file. */
export interface BuyerDirectory {
  readonly buyers: readonly ConfiguredBuyer[];
  /** How many generic buyers one lead may go to. */
  readonly maxGenericBuyers: number;
  /** The buyer with this key, or undefined when the file no longer has it. */
  byKey(key: string): ConfiguredBuyer | undefined;
  /** The buyers of a service, lowest priority first, the file's order among equals. */
  forService(service: ServiceType): readonly ConfiguredBuyer[];
}

/** A directory over checked buyers (in file order). */
export function buyerDirectory(buyers: readonly ConfiguredBuyer[], maxGenericBuyers: number): BuyerDirectory {
  const byKey = new Map(buyers.map((b) => [b.key, b]));
  // toSorted is stable, so equal priorities keep the file's order.
  const ordered = buyers.toSorted((a, b) => a.priority - b.priority);
  const byService = new Map<string, ConfiguredBuyer[]>();
  for (const buyer of ordered) {
    for (const service of buyer.services) byService.set(service, [...(byService.get(service) ?? []), buyer]);
  }
  return {
    buyers,
    maxGenericBuyers,
    byKey: (key) => byKey.get(key),
    forService: (service) => byService.get(service) ?? [],
  };
}
