/**
 * getAddress.io: GET /find/{postcode}?api-key=…&expand=true answers `{ postcode, addresses: [{ line_1,
 * line_2, line_3, line_4, locality, town_or_city, county, … }] }`, or 404 for a postcode it does not know.
 */
import { toNormalised } from "postcode";
import { AddressLookupError, type Address, type AddressProvider } from "./addressProvider";
import { addressLines, getJson } from "./providerHttp";

const PROVIDER = "getAddress.io";
const DEFAULT_BASE = "https://api.getaddress.io";

interface GetAddressEntry {
  line_1?: string;
  line_2?: string;
  line_3?: string;
  line_4?: string;
  locality?: string;
  town_or_city?: string;
}

/** Looks postcodes up with getAddress.io. */
export function getAddressProvider({ apiKey, baseUrl = DEFAULT_BASE, timeoutMs = 5000 }: { apiKey: string; baseUrl?: string; timeoutMs?: number }): AddressProvider {
  return {
    async lookup(postcode) {
      const normalised = toNormalised(postcode.trim());
      if (!normalised) return [];
      const compact = normalised.replace(" ", "");
      const url = new URL(`/find/${encodeURIComponent(compact)}`, baseUrl);
      url.searchParams.set("api-key", apiKey);
      url.searchParams.set("expand", "true");
      const { status, body } = await getJson(PROVIDER, url, timeoutMs);
      if (status === 404) return [];
      const answer = (body ?? {}) as { postcode?: string; addresses?: GetAddressEntry[] };
      if (status !== 200 || !Array.isArray(answer.addresses)) throw new AddressLookupError(PROVIDER, `answered ${status}`);
      return answer.addresses.flatMap((entry, index): Address[] => {
        const lines = addressLines([entry.line_1, entry.line_2, entry.line_3, entry.line_4, entry.locality]);
        if (lines.length === 0 || !entry.town_or_city) return [];
        return [{ id: `${compact}-${index}`, lines, townCity: entry.town_or_city.slice(0, 80), postcode: answer.postcode ?? normalised }];
      });
    },
  };
}
