/** Address lookup by postcode, behind one interface: the demo data, Ideal Postcodes or getAddress.io. */
import type { Address } from "../../schemas/generated/fields";

export type { Address };

/** Finds the addresses at a postcode. */
export interface AddressProvider {
  /** The addresses at a postcode (any case or spacing); an empty list when none are known. Rejects with AddressLookupError when the provider fails. */
  lookup(postcode: string): Promise<Address[]>;
}

/** The provider could not answer (down, refused our key, out of credit, too slow). */
export class AddressLookupError extends Error {
  constructor(provider: string, problem: string) {
    super(`${provider}: ${problem}`);
    this.name = "AddressLookupError";
  }
}
