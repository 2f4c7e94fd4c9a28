/** The DEMO address provider: a few fictional addresses per postcode, for local use and tests only. */
import { toNormalised } from "postcode";
import type { Address, AddressProvider } from "./addressProvider";
import demoAddresses from "./demo-addresses.json";

/** The dataset's shape: keys are normalised postcodes ("LS1 4DY"). */
interface DemoAddresses {
  notice: string;
  postcodes: Record<string, Address[]>;
}

const byPostcode = new Map(Object.entries((demoAddresses as DemoAddresses).postcodes));

/** Looks postcodes up in demo-addresses.json; an invalid or unlisted postcode finds nothing. */
export const demoAddressProvider: AddressProvider = {
  async lookup(postcode) {
    const normalised = toNormalised(postcode.trim());
    return normalised ? (byPostcode.get(normalised) ?? []) : [];
  },
};
