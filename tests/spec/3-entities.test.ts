// @vitest-environment jsdom
/** SPEC §3: entities and their fields: field keys, enumerations, name splitting, tracking data, lead tracking fields. */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitName } from "../../engine/core/deriveLeadFields";
import { fieldKeys } from "../../engine/core/fieldLibrary";
import { fillSuccessTokens } from "../../engine/core/successText";
import buyersFile from "../../server/config/buyers.json";
import { postToBuyer } from "../../server/delivery/postToBuyer";
import buyersSchema from "../../schemas/buyers.schema.json";
import fieldsSchema from "../../schemas/fields.schema.json";
import flowSchema from "../../schemas/flow.schema.json";
import { schemaStepKinds } from "../fixtures/stepKinds";
import { captureTracking, readTracking } from "../../site/tracking/trackingStore";
import { ADDED_FIELD_KEYS, FIELD_KEYS_CARRIED_ELSEWHERE } from "./deliberateDifferences";
import * as spec from "./specEnumerations";

/** The value the site chose for the spec's unnamed test type (recorded in docs/design-notes.md). */
const TEST_PRODUCT_TYPE = "test";

describe("§3 quote form field keys", () => {
  it.each(spec.FIELD_KEYS)("%s is a field of the library, or carried where the project's docs say", (key) => {
    expect(fieldKeys.includes(key as never) || Object.hasOwn(FIELD_KEYS_CARRIED_ELSEWHERE, key)).toBe(true);
  });

  it("adds no field key beyond the spec's but those listed as additions", () => {
    const extra = fieldKeys.filter((key) => !(spec.FIELD_KEYS as readonly string[]).includes(key));
    expect(extra.sort()).toEqual([...ADDED_FIELD_KEYS].sort());
  });
});

describe("§3 enumerations", () => {
  it("productType is the spec's list and the test type, defined once in flow.schema.json", () => {
    expect(flowSchema.definitions.productType.enum).toEqual([...spec.PRODUCT_TYPES, TEST_PRODUCT_TYPE]);
  });

  it("serviceType is the spec's list, defined once in fields.schema.json", () => {
    expect(fieldsSchema.definitions.serviceType.enum).toEqual([...spec.SERVICE_TYPES]);
  });

  it("buyers take the spec's service types, lead types and commercial models", () => {
    expect(buyersSchema.definitions.buyer.properties.services.items.$ref).toBe("fields.schema.json#/definitions/serviceType");
    expect(buyersSchema.definitions.buyer.properties.leadType.enum).toEqual([...spec.LEAD_TYPES]);
    expect(buyersSchema.definitions.commercialModel.oneOf.map((model) => model.properties.type.const)).toEqual([...spec.COMMERCIAL_MODELS]);
  });

  it("energy utility is electricity, gas or both", () => {
    expect(fieldsSchema.properties.utility.enum).toEqual([...spec.ENERGY_UTILITIES]);
  });

  it("the form step kinds are the spec's eight", () => {
    expect(schemaStepKinds().sort()).toEqual([...spec.STEP_KINDS].sort());
  });

  it("buyer ids are the numeric strings 2 to 27, and 17 is shared by two buyers", () => {
    const ids = Array.from({ length: spec.BUYER_IDS.last - spec.BUYER_IDS.first + 1 }, (_, i) => String(spec.BUYER_IDS.first + i));
    expect(buyersSchema.definitions.buyer.properties.id.enum).toEqual(ids);
    expect(buyersFile.buyers.filter((b) => b.id === spec.BUYER_IDS.shared)).toHaveLength(2);
    expect(new Set(buyersFile.buyers.map((b) => b.id))).toEqual(new Set(ids));
  });

  it("partner phone numbers are keyed by the spec's buyer keys", () => {
    expect(buyersSchema.definitions.buyer.properties.partnerKey.enum).toEqual([...spec.PARTNER_PHONE_KEYS]);
    const keyed = buyersFile.buyers.flatMap((b) => ("partnerKey" in b && b.partnerKey ? [b.partnerKey] : []));
    expect(keyed.sort()).toEqual([...spec.PARTNER_PHONE_KEYS].sort());
  });

  it.each(spec.SUCCESS_TOKENS)("the success page fills the placeholder token %s", (token) => {
    const name = token.replace(/ (\w)/g, (_, c: string) => c.toUpperCase());
    const filled = fillSuccessTokens(`{${name}}`, { buyers: [{ name: "Bionic" }], phone: "020 7946 0000", email: "jo@example.com" });
    expect(filled).not.toContain("{");
    expect(filled.length).toBeGreaterThan(0);
  });
});

describe("§3 buyer result codes", () => {
  let answer: Record<string, unknown> = {};
  const receiver = createServer((_request, response) => response.end(JSON.stringify(answer)));
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  it.each(spec.RESULT_CODES)("records a buyer's %s as %i", async (result, code) => {
    answer = { result };
    const outcome = await postToBuyer({ url, secret: "s", idempotencyKey: "k", body: "{}", timeoutMs: 2000, now: new Date() });
    expect(outcome).toMatchObject({ resultCode: code });
  });
});

describe("§3 name splitting", () => {
  it.each(spec.NAME_SPLITS)("splits %j into %j and %j", (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});

describe("§3 tracking data", () => {
  const query = spec.TRACKING_KEYS.filter((key) => key !== "referrer").map((key) => `${key}=${key}-value`);
  captureTracking({ search: `?${query.join("&")}`, referrer: "https://search.example/", origin: "https://site.example" });
  captureTracking({ search: "?utm_source=second&utm_source=utm_source-value", referrer: "", origin: "https://site.example" });
  const tracking = readTracking();

  it.each(Object.entries(spec.TRACKING_GROUPS))("reads back the %s group with the spec's keys", (group, keys) => {
    expect(Object.keys(tracking[group as keyof typeof tracking] ?? {}).sort()).toEqual([...keys].sort());
  });

  it("de-duplicates several utm values into a comma list", () => {
    expect(tracking.utm?.utm_source).toBe("utm_source-value,second");
  });
});
