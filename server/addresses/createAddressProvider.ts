/** The address provider the settings choose. */
import { assertNever } from "../../engine/core/types";
import type { Config } from "../config";
import type { AddressProvider } from "./addressProvider";
import { demoAddressProvider } from "./demoAddressProvider";
import { getAddressProvider } from "./getAddressProvider";
import { idealPostcodesProvider } from "./idealPostcodesProvider";

/** The demo data, or a paid provider with its key (loadConfig has made sure there is one). */
export function createAddressProvider(config: Pick<Config, "addressProvider" | "addressApiKey" | "addressApiUrl">): AddressProvider {
  const keyed = { apiKey: config.addressApiKey ?? "", ...(config.addressApiUrl ? { baseUrl: config.addressApiUrl } : {}) };
  switch (config.addressProvider) {
    case "demo":
      return demoAddressProvider;
    case "ideal-postcodes":
      return idealPostcodesProvider(keyed);
    case "getaddress":
      return getAddressProvider(keyed);
    default:
      return assertNever(config.addressProvider, "address provider");
  }
}
