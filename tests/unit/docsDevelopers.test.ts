/**
 * docs/developers.md, followed on scratch copies of schemas/ and forms/: its snippets are applied as the page
 * says, the types regenerated, and the engine and the precompiled validators asked what they see. Adding a step
 * kind (docs/adding-a-step-kind.md) is followed in full by tests/build/stepKindRecipe.test.ts.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { FieldKey } from "../../engine/core/types";
import { generateTypes } from "../../scripts/generateTypes";
import { blockAfter, jsonOf } from "./docsSnippets";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const doc = readFileSync(path.join(repoRoot, "docs/developers.md"), "utf8");
const fieldSection = doc.slice(doc.indexOf("## Add a field"), doc.indexOf("## Add a step kind"));

type SchemaDoc = { properties: Record<string, unknown>; definitions: Record<string, { enum?: string[]; oneOf?: unknown[] } & Record<string, unknown>> };

let scratch: string;
let schemasDir: string;
let formsDir: string;
let generated: Map<string, string>;
const readSchema = (name: string) => JSON.parse(readFileSync(path.join(schemasDir, name), "utf8")) as SchemaDoc;
const writeSchema = (name: string, schema: unknown) => writeFileSync(path.join(schemasDir, name), JSON.stringify(schema, null, 2));
const generatedSource = (file: string) => generated.get(path.join(schemasDir, "generated", file))!;

beforeAll(async () => {
  scratch = mkdtempSync(path.join(tmpdir(), "developers-doc-"));
  schemasDir = path.join(scratch, "schemas");
  formsDir = path.join(scratch, "forms");
  cpSync(path.join(repoRoot, "schemas"), schemasDir, { recursive: true });
  cpSync(path.join(repoRoot, "forms"), formsDir, { recursive: true });

  // Add a field: the property, its key in fieldKey.enum.
  const fields = readSchema("fields.schema.json");
  Object.assign(fields.properties, jsonOf(blockAfter(fieldSection, "schemas/fields.schema.json", "json")));
  if (!fields.definitions.fieldKey!.enum!.includes("vehicleCount")) fields.definitions.fieldKey!.enum!.push("vehicleCount");
  writeSchema("fields.schema.json", fields);
  // npm run schemas:types, over the scratch schemas.
  generated = await generateTypes(schemasDir);
}, 60_000);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});
afterEach(() => {
  vi.doUnmock("../../schemas/fields.schema.json");
  vi.doUnmock("../../schemas/flow.schema.json");
  vi.resetModules();
});

/** Loads engine modules as they would be after the change: the scratch schemas in place of the real ones. */
async function engineWithScratchSchemas() {
  vi.resetModules();
  vi.doMock("../../schemas/fields.schema.json", () => ({ default: readSchema("fields.schema.json") }));
  vi.doMock("../../schemas/flow.schema.json", () => ({ default: readSchema("flow.schema.json") }));
  return {
    fieldLibrary: await import("../../engine/core/fieldLibrary"),
    stepSchema: await import("../../engine/core/stepSchema"),
    validation: await import("../../engine/node/validation"),
    checkFlow: await import("../../engine/core/checkFlow"),
    validators: await import("../../engine/node/stepValidators"),
    formsFolder: await import("../../engine/node/formsFolder"),
  };
}

/** business-water v1 from the scratch forms, with a step edited. */
function waterFlowWith(edit: (steps: Array<Record<string, unknown>>) => void) {
  const flow = JSON.parse(readFileSync(path.join(formsDir, "business-water", "v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> };
  edit(flow.steps);
  return flow;
}

describe("docs/developers.md: add a field", () => {
  it("keeps the library's keys and fieldKey.enum equal, and the regenerated types name the field and its label", () => {
    const fields = readSchema("fields.schema.json");
    expect([...fields.definitions.fieldKey!.enum!].sort()).toEqual(Object.keys(fields.properties).sort());
    expect(fieldSection).toContain("npm run schemas:types");
    expect(generatedSource("fields.ts")).toMatch(/\| "vehicleCount"/);
    expect(generatedSource("fields.ts")).toMatch(/vehicleCount\?: number;/);
    expect(generatedSource("fieldLabels.ts")).toContain('vehicleCount: "Number of vehicles",');
  });

  it("is then asked by a form step: the step's schema, the server's check and the flow check all know it", async () => {
    const { fieldLibrary, stepSchema, validation, checkFlow } = await engineWithScratchSchemas();
    expect(fieldLibrary.fieldKeys).toContain("vehicleCount");
    // The real FieldKey type has no vehicleCount: only the scratch library does.
    expect(fieldLibrary.fieldSchema("vehicleCount" as FieldKey)).toEqual({ title: "Number of vehicles", type: "integer", minimum: 1, maximum: 10000 });

    const flow = waterFlowWith((steps) => (steps.find((s) => s.id === "contact")!.fields = ["vehicleCount", "businessName", "customerName", "phone", "email"]));
    const check = validation.createSchemaCheck();
    const checked = checkFlow.checkFlow(check, flow, "forms/business-water/v1.json");
    const contact = checked.steps.find((s) => s.id === "contact")!;
    const schema = stepSchema.stepSchema(contact);
    expect(schema.required).toContain("vehicleCount");
    const answers = { businessName: "Fleet Ltd", customerName: "Jo Bloggs", phone: "020 7946 0000", email: "jo@example.com" };
    expect(check(schema, { ...answers, vehicleCount: 12 })).toEqual([]);
    expect(check(schema, { ...answers, vehicleCount: 0 }).map((e) => e.instancePath)).toEqual(["/vehicleCount"]);
  });

  it("reaches the browser through the precompiled validator of each form step that lists it", async () => {
    const flow = waterFlowWith((steps) => (steps.find((s) => s.id === "contact")!.fields = ["vehicleCount", "businessName", "customerName", "phone", "email"]));
    writeFileSync(path.join(formsDir, "business-water", "v1.json"), JSON.stringify(flow));
    const { validators, formsFolder } = await engineWithScratchSchemas();

    const schema = validators.validatorSchemas(formsFolder.loadFlowCorpus(formsDir)).get("business-water@1/contact")!;
    expect(schema.properties?.vehicleCount).toMatchObject({ type: "integer", minimum: 1 });
    const code = validators.validatorModule(schema);
    expect(code).toContain("vehicleCount");
    expect(code).not.toMatch(/new Function|eval\(/);
  });
});

