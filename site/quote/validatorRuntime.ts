/**
 * The format checks and Ajv helpers of the site's own chunks, for a step validator the server made for a version
 * published since the build (server/publishing/validatorAssets.ts): it imports this chunk by its built address, so
 * its step loads the same format checks a built version's does (the phone check's metadata alone is about 30 kB
 * compressed) and only those it uses, each from the chunk the site already has.
 */
import type { AJV_RUNTIME_HELPERS, formatModules } from "../../engine/core/fieldFormats";

type Check = (value: string) => boolean;

const checks: Record<keyof typeof formatModules & string, () => Promise<Check>> = {
  "uk-phone": () => import("../../engine/core/formats/ukPhone").then((m) => m.isUkPhone),
  "uk-postcode": () => import("../../engine/core/formats/ukPostcode").then((m) => m.isUkPostcode),
  "plain-text": () => import("../../engine/core/formats/plainText").then((m) => m.isPlainText),
};

/** The Ajv runtime helpers a precompiled validator may read, by their module's last name. */
const helpers: Record<(typeof AJV_RUNTIME_HELPERS)[number], () => Promise<{ default?: unknown }>> = {
  ucs2length: () => import("ajv/dist/runtime/ucs2length"),
  equal: () => import("ajv/dist/runtime/equal"),
};

/** The check of a format named in engine/core/fieldFormats.ts. */
export async function formatCheck(name: string): Promise<Check> {
  const load = checks[name];
  if (!load) throw new Error(`No format check "${name}" in the site`);
  return load();
}

/** An Ajv runtime helper (`ajv/dist/runtime/<name>`). */
export async function ajvHelper(name: string): Promise<unknown> {
  const load = (helpers as Record<string, () => Promise<{ default?: unknown }>>)[name];
  if (!load) throw new Error(`No Ajv helper "${name}" in the site`);
  const loaded = (await load()) as { default?: { default?: unknown } };
  return loaded.default?.default ?? loaded.default;
}
