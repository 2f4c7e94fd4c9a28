/** Address lookup by postcode, behind an interface so a paid provider can replace the demo data. */
import type { Address } from "../../schemas/generated/fields";

export type { Address };

/** Finds the addresses at a postcode. */
export interface AddressProvider {
  /** The addresses at a postcode (any case or spacing); an empty list when none are known. */
  lookup(postcode: string): Promise<Address[]>;
}
