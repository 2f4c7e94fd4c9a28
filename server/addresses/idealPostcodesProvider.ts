/**
 * Ideal Postcodes (api.ideal-postcodes.co.uk): GET /v1/postcodes/{postcode}?api_key=… answers
 * `{ result: [{ udprn, organisation_name, line_1, line_2, line_3, post_town, postcode }], code: 2000 }`,
 * or 404 with code 4040 for a postcode it does not know.
 */
import { toNormalised } from "postcode";
import { AddressLookupError, type Address, type AddressProvider } from "./addressProvider";
import { addressLines, getJson, titleCase } from "./providerHttp";

const PROVIDER = "Ideal Postcodes";
const DEFAULT_BASE = "https://api.ideal-postcodes.co.uk";

interface IdealAddress {
  udprn?: number | string;
  organisation_name?: string;
  line_1?: string;
  line_2?: string;
  line_3?: string;
  post_town?: string;
  postcode?: string;
}

/** Looks postcodes up with Ideal Postcodes. */
export function idealPostcodesProvider({ apiKey, baseUrl = DEFAULT_BASE, timeoutMs = 5000 }: { apiKey: string; baseUrl?: string; timeoutMs?: number }): AddressProvider {
  return {
    async lookup(postcode) {
      const normalised = toNormalised(postcode.trim());
      if (!normalised) return [];
      const url = new URL(`/v1/postcodes/${encodeURIComponent(normalised.replace(" ", ""))}`, baseUrl);
      url.searchParams.set("api_key", apiKey);
      const { status, body } = await getJson(PROVIDER, url, timeoutMs);
      const answer = (body ?? {}) as { code?: number; result?: IdealAddress[] };
      if (status === 404 && answer.code === 4040) return [];
      if (status !== 200 || !Array.isArray(answer.result)) throw new AddressLookupError(PROVIDER, `answered ${status}${answer.code ? ` (code ${answer.code})` : ""}`);
      return answer.result.flatMap((a, index) => toAddress(a, index, normalised));
    },
  };
}

function toAddress(a: IdealAddress, index: number, postcode: string): Address[] {
  const lines = addressLines([a.organisation_name, a.line_1, a.line_2, a.line_3]);
  if (lines.length === 0 || !a.post_town) return [];
  const id = a.udprn === undefined ? `${postcode.replace(" ", "")}-${index}` : `udprn-${a.udprn}`;
  return [{ id: id.slice(0, 64), lines, townCity: titleCase(a.post_town).slice(0, 80), postcode: a.postcode ?? postcode }];
}
