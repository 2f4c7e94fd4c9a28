/**
 * The server never stores a value the field library refuses: an answer outside its field's schema is refused with
 * the spec's field message even when a flow offers it, and a flow file offering it is not served at all.
 */
import { cp, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { defaultFormsDir } from "../../engine/node/formsFolder";
import type { FlowDocument } from "../../engine/core/types";
import { loadFlowCatalog, type FlowCatalog } from "../../server/flowCatalog";
import { makeTempDir, removeTempDir } from "./testServer";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let server: QuoteServerOn | undefined;
let formsCopy: string | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  if (formsCopy) await removeTempDir(formsCopy);
  formsCopy = undefined;
});

/** business-solar v1 with its owner question offering "own" where the field library says "owner". */
async function solarOfferingOwn(formsDir = defaultFormsDir): Promise<FlowDocument> {
  const doc = JSON.parse(await readFile(path.join(formsDir, "business-solar", "v1.json"), "utf8")) as FlowDocument;
  const owner = doc.steps.find((s) => s.id === "owner") as { options: Array<{ value: string; label: string }> };
  owner.options = owner.options.map((o) => (o.value === "owner" ? { ...o, value: "own" } : o));
  return doc;
}

/** The forms folder's flows, but business-solar v1 served as it offers "own", as if the checks had let it through. */
async function catalogServingOwn(): Promise<FlowCatalog> {
  const base = loadFlowCatalog(defaultFormsDir);
  const offending = await solarOfferingOwn();
  return { ...base, getFlow: (flowId, version) => (flowId === "business-solar" && version === 1 ? offending : base.getFlow(flowId, version)) };
}

/** A complete business-solar v1 lead whose visitor chose `ownsProperty`. */
const solarLead = (ownsProperty: string) => ({
  flowId: "business-solar",
  version: 1,
  answers: {
    propertyType: "office",
    ownsProperty,
    roofType: "pitched",
    spendString: "between1000And5000",
    businessAddressManual: false,
    businessAddress: { id: "demo-ls1-4dy-2", lines: ["Brightwell Print Studio", "14 Calder Row"], townCity: "Leeds", postcode: "LS1 4DY" },
    postcode: "LS1 4DY",
    businessName: "Brightwell Print Studio",
    customerName: "Jane Q. Smith",
    phone: "0113 496 0000",
    email: "jane.smith@example.com",
  },
});

const postLead = (s: QuoteServerOn, payload: object) => s.app.inject({ method: "POST", url: "/api/leads", headers: { "content-type": "application/json" }, payload: JSON.stringify(payload) });
const leadCount = async (s: QuoteServerOn) => (await s.db.selectFrom("leads").select(({ fn }) => fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;

describe.each(serverDialects)("an answer its field refuses, on %s", (dialect, skipped) => {
  it.skipIf(skipped)('is refused with "<label> is invalid" and nothing is stored, even from a flow that offers it', async () => {
    const s = (server = await startQuoteServerOn(dialect, {}, { flows: await catalogServingOwn() }));

    const response = await postLead(s, solarLead("own"));

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "3", errors: [{ field: "ownsProperty", step: "owner", message: "Owner or tenant is invalid" }] });
    expect(Number(await leadCount(s))).toBe(0);
  });

  it.skipIf(skipped)("is stored when it is a value the field takes", async () => {
    const s = (server = await startQuoteServerOn(dialect));

    const response = await postLead(s, solarLead("owner"));

    expect(response.statusCode).toBe(200);
    expect(Number(await leadCount(s))).toBe(1);
  });

  it.skipIf(skipped)("comes from no flow file: a version offering it is held back like any broken version", async () => {
    formsCopy = await makeTempDir("switchplan-forms-");
    await cp(defaultFormsDir, formsCopy, { recursive: true });
    await writeFile(path.join(formsCopy, "business-solar", "v1.json"), JSON.stringify(await solarOfferingOwn(formsCopy), null, 2));
    const s = (server = await startQuoteServerOn(dialect, { FORMS_DIR: formsCopy }));

    const response = await postLead(s, solarLead("own"));

    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ code: "4" });
    expect(Number(await leadCount(s))).toBe(0);
  });
});
