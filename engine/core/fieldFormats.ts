/**
 * The custom string formats of the field library, shared by the server's Ajv and the browser's precompiled
 * validators. Each check lives in its own module under formats/, so a validator imports only what it uses.
 */
import { isPlainText } from "./formats/plainText";
import { isUkPhone } from "./formats/ukPhone";
import { isUkPostcode } from "./formats/ukPostcode";

export { isPlainText, isUkPhone, isUkPostcode };

/** Format name → the module and export that check it (for generated code). */
export const formatModules: Record<string, { module: string; name: string }> = {
  "uk-phone": { module: "engine/core/formats/ukPhone.ts", name: "isUkPhone" },
  "uk-postcode": { module: "engine/core/formats/ukPostcode.ts", name: "isUkPostcode" },
  "plain-text": { module: "engine/core/formats/plainText.ts", name: "isPlainText" },
};

/** The Ajv runtime helpers (`ajv/dist/runtime/<name>`) the site's validator runtime chunk gives (site/quote/validatorRuntime.ts). */
export const AJV_RUNTIME_HELPERS = ["ucs2length", "equal"] as const;

/** Format name → check, registered with Ajv. */
export const formats: Record<string, (value: string) => boolean> = {
  "uk-phone": isUkPhone,
  "uk-postcode": isUkPostcode,
  "plain-text": isPlainText,
};
