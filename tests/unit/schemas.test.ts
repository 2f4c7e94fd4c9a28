import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createAjv, createSchemaCheck } from "../../engine/node/validation";
import { fieldKeys, fieldLabel } from "../../engine/core/fieldLibrary";
import { stepSchema } from "../../engine/core/stepSchema";
import type { StepOfKind } from "../../engine/core/types";
import fieldsSchema from "../../schemas/fields.schema.json";
import flowSchema from "../../schemas/flow.schema.json";
import { generateTypes } from "../../scripts/generateTypes";
import { flowIds, readJson, repoRoot } from "../fixtures/forms";
import { schemaStepKinds } from "../fixtures/stepKinds";
import { MESSAGE_FIELD_NAMES } from "../spec/specEnumerations";

describe("generated types", () => {
  it("are current with the schemas (run `npm run schemas:types` when this fails)", async () => {
    const stale: string[] = [];
    for (const [file, source] of await generateTypes()) {
      const onDisk = await readFile(file, "utf8").catch(() => "");
      if (onDisk !== source) stale.push(path.relative(repoRoot, file));
    }
    expect(stale, "Stale generated types: run `npm run schemas:types`").toEqual([]);
  });

  it("have no file left over from a schema that is gone", async () => {
    const expected = [...(await generateTypes()).keys()].map((file) => path.basename(file)).sort();
    const onDisk = (await readdir(path.join(repoRoot, "schemas/generated"))).sort();
    expect(onDisk, "Remove the generated files whose schema is gone").toEqual(expected);
  });
});

describe("the field library", () => {
  const properties = fieldsSchema.properties as Record<string, { title?: string }>;

  it("lists exactly its property names as field keys", () => {
    expect([...fieldsSchema.definitions.fieldKey.enum].sort()).toEqual(Object.keys(properties).sort());
  });

  it.each(Object.keys(properties))("gives %s a label", (key) => {
    expect(properties[key]?.title?.trim()).toBeTruthy();
  });

  it.each(MESSAGE_FIELD_NAMES)("labels %s %j, in the spec's words", (key, label) => {
    expect(fieldLabel(key)).toBe(label);
  });

  it("gives each label to one field only, so an error names the field unmistakably", () => {
    const labels = fieldKeys.map(fieldLabel);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
  });
});

describe("step kinds", () => {
  const kinds = schemaStepKinds();

  it.each(flowSchema.definitions.step.oneOf.map(({ $ref }, i) => [$ref, kinds[i]]))("give the step %s a kind const", (_ref, kind) => {
    expect(kind).not.toMatch(/^\(no kind/);
  });

  it("give each definition in the step union a kind of its own", () => {
    expect(kinds.filter((kind, i) => kinds.indexOf(kind) !== i)).toEqual([]);
  });
});

describe("a form step's schema", () => {
  const step: StepOfKind<"form"> = {
    id: "contact",
    kind: "form",
    question: "Who should the quotes go to?",
    fields: ["businessName", "customerName", "phone", "email"],
    optional: ["businessName", "email"],
    next: "done",
  };
  const check = createSchemaCheck();

  it("requires the fields not listed as optional", () => {
    expect(stepSchema(step).required).toEqual(["customerName", "phone"]);
  });

  it("requires every field when none is optional", () => {
    expect(stepSchema({ ...step, optional: undefined }).required).toEqual(step.fields);
  });

  it("lets a visitor leave an optional field out, but not a required one", () => {
    const schema = stepSchema(step);
    expect(check(schema, { customerName: "John Smith", phone: "020 7946 0000" })).toEqual([]);
    expect(check(schema, { customerName: "John Smith" })).toEqual([
      expect.objectContaining({ keyword: "required", params: { missingProperty: "phone" } }),
    ]);
  });

  it("still checks an optional field that is given", () => {
    const errors = check(stepSchema(step), { customerName: "John Smith", phone: "020 7946 0000", email: "john@" });
    expect(errors).toEqual([expect.objectContaining({ instancePath: "/email", keyword: "format" })]);
  });
});

describe("the lead envelope", () => {
  const validate = createAjv().getSchema("lead.schema.json")!;

  it("accepts answers keyed by field", () => {
    expect(validate({ flowId: "business-energy", version: 1, answers: { phone: "020 7946 0000" } })).toBe(true);
  });

  it("rejects an answer key outside the field library", () => {
    expect(validate({ flowId: "business-energy", version: 1, answers: { phoneNumber: "020 7946 0000" } })).toBe(false);
  });
});

describe("traffic splits", () => {
  const validate = createAjv().getSchema("split.schema.json")!;
  const splits = flowIds().map((flowId) => [flowId, readJson(`forms/${flowId}/split.json`)] as const);

  it.each(splits)("for %s match split.schema.json, share all traffic and name versions that exist", async (flowId, split) => {
    expect(validate(split), JSON.stringify(validate.errors)).toBe(true);
    const { default: defaultVersion, weights } = split as { default: number; weights: Record<string, number> };
    expect(Object.values(weights).reduce((a, b) => a + b, 0)).toBe(100);
    const versions = (await readdir(path.join(repoRoot, "forms", flowId))).filter((f) => /^v\d+\.json$/.test(f));
    for (const version of [String(defaultVersion), ...Object.keys(weights)]) expect(versions).toContain(`v${version}.json`);
  });
});
