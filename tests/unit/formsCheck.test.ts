import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { formatFinding, formatFindings, type Finding } from "../../engine/core/findings";
import { repoRoot } from "../../engine/node/formsFolder";
import { checkForms } from "../../scripts/formsCheck";
import v1 from "../../forms/business-energy/v1.json";
import { aloneInItsFolder } from "../fixtures/forms";

type Doc = Record<string, unknown> & { steps: Array<Record<string, unknown>> };
const base = (): Doc => aloneInItsFolder(JSON.parse(JSON.stringify(v1)) as Doc);
const step = (doc: Doc, id: string) => doc.steps.find((s) => s.id === id)!;

/** Writes a forms folder with one flow's files and returns the findings for it. */
function lint(files: Record<string, unknown>, flowId = "business-energy") {
  const dir = mkdtempSync(path.join(tmpdir(), "forms-"));
  mkdirSync(path.join(dir, flowId));
  for (const [name, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, flowId, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return checkForms(dir);
}

const messages = (findings: ReturnType<typeof checkForms>) => findings.map((f) => `${f.rule}: ${f.step ?? "-"}: ${f.message}`);

describe("npm run forms:check", () => {
  it("finds nothing wrong with the flows in forms/", () => {
    expect(checkForms().filter((f) => f.severity === "error").map(formatFinding)).toEqual([]);
  });

  it.each<[string, (doc: Doc) => void, RegExp]>([
    ["an unknown field key", (d) => (step(d, "utility").field = "utilty"), /unknown-field: utility: field "utilty" is not in the field library/],
    ["a condition reading an unknown field", (d) => (step(d, "spend").next = [{ when: { "==": [{ var: "fuel" }, "gas"] }, to: "contract" }, { to: "meter" }]), /unknown-field: spend: condition reads unknown field "fuel"/],
    ["an unknown step target", (d) => (step(d, "supplier").next = "adress"), /unknown-step: supplier: next names unknown step "adress"/],
    ["a duplicate step id", (d) => (step(d, "contract").id = "meter"), /duplicate-step: meter: duplicate step id/],
    ["an unreachable step", (d) => Object.assign(step(d, "spend"), { next: "meter" }) && (step(d, "meter").next = "supplier"), /unreachable-step: contract: no path from the start reaches this step/],
    ["a success page offering a flow that does not exist", (d) => (step(d, "done").services = [{ flow: "business-gold", label: "Gold" }]), /unknown-flow: done: the success page offers unknown flow "business-gold"/],
    ["a dead end", (d) => d.steps.push({ id: "extra", kind: "upsell", question: "More?", services: [{ flow: "business-energy", label: "Energy" }] }) && (step(d, "supplier").next = "extra"), /dead-end: extra: a upsell step with no next leaves the visitor stuck/],
    ["a path with no submit step", (d) => delete step(d, "contact").submit, /no-submit: done: the path utility → spend → contract → supplier → address → contact → done reaches success without sending the lead/],
    ["a path with two submit steps", (d) => (step(d, "address").submit = true), /several-submits: contact: the path .* sends the lead 2 times \(address, contact\)/],
    ["an option without a label", (d) => ((step(d, "utility").options as Array<{ label: string }>)[0]!.label = "  "), /option-label: utility: option "electricity" has no label/],
    ["a sending step that asks no way to reach the visitor", (d) => (step(d, "contact").fields = ["businessName", "customerName"]), /unsellable-lead: contact: the lead sent at "Where should we send your quotes\?" can go without Phone number \(phone\) and Email \(email\)/],
    ["a form step asking for a field twice", (d) => (step(d, "contact").fields = ["businessName", "phone", "customerName", "phone", "email"]), /field-twice: contact: asks for "phone" twice/],
    ["a missing $schema", (d) => delete d.$schema, /missing-schema: -: has no \$schema/],
    ["an option value used twice", (d) => ((step(d, "utility").options as Array<{ value: string }>)[1]!.value = "electricity"), /duplicate-option: utility: option value "electricity" appears twice/],
    ["an optional field the step does not ask", (d) => (step(d, "contact").optional = ["postcode"]), /optional-not-asked: contact: "postcode" is optional but not among the fields/],
    ["an id that is not its folder", (d) => (d.id = "business-water"), /wrong-id: -: id is "business-water" but the folder is "business-energy"/],
    ["a version that is not its file", (d) => (d.version = 4), /wrong-version: -: version is 4 but the file is v1.json/],
  ])("catches %s and says where and how to fix it", (_name, breakIt, expected) => {
    const doc = base();
    breakIt(doc);
    const findings = lint({ "v1.json": doc, "split.json": { default: 1, weights: { "1": 100 } } });
    expect(messages(findings)).toContainEqual(expect.stringMatching(expected));
    const finding = findings.find((f) => expected.test(`${f.rule}: ${f.step ?? "-"}: ${f.message}`))!;
    expect(finding.file).toMatch(/business-energy\/v1\.json$/);
    expect(finding.fix.length).toBeGreaterThan(10);
  });

  it("catches versions of one flow that disagree on productType, serviceType or path", () => {
    const second = { ...base(), version: 2, productType: "businessWater", serviceType: "business-water", path: "business-water" };
    const findings = lint({ "v1.json": base(), "v2.json": second, "split.json": { default: 1, weights: { "1": 50, "2": 50 } } });
    expect(messages(findings)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/versions-disagree: -: productType is "businessWater" but .*v1.json says "businessEnergy"/),
        expect.stringMatching(/versions-disagree: -: serviceType is "business-water" but .*v1.json says "business-energy"/),
        expect.stringMatching(/versions-disagree: -: path is "business-water" but .*v1.json says "business-energy"/),
      ]),
    );
  });

  it.each([
    [{ default: 1, weights: { "1": 60, "2": 30 } }, /split-total: -: the weights add up to 90, not 100/],
    [{ default: 1, weights: { "1": 50, "3": 50 } }, /split-unknown-version: -: weight for version 3, which has no v3.json/],
    [{ default: 4, weights: { "1": 100 } }, /split-default: -: default version 4 has no v4.json/],
  ])("catches a split file whose weights do not work: %j", (split, expected) => {
    const findings = lint({ "v1.json": base(), "v2.json": { ...base(), version: 2 }, "split.json": split });
    expect(messages(findings)).toContainEqual(expect.stringMatching(expected));
    expect(findings.every((f) => f.file.endsWith("split.json"))).toBe(true);
  });

  it("gives one finding for a version that fails to load, not a second about the split naming it", () => {
    const findings = lint({ "v1.json": base(), "v2.json": "{ nope", "split.json": { default: 1, weights: { "1": 50, "2": 50 } } });
    expect(messages(findings)).toEqual([expect.stringMatching(/^invalid-json: -: is not valid JSON/)]);
    expect(findings[0]!.file).toMatch(/business-energy\/v2\.json$/);
  });

  it("warns of a file in a flow's folder that nothing reads, and how to make it a version", () => {
    const findings = lint({ "v1.json": base(), "v02.json": { ...base(), version: 2 }, "split.json": { default: 1, weights: { "1": 100 } } });
    expect(findings.map((f) => [f.severity, f.rule, f.fix])).toEqual([["warning", "stray-file", "rename it v2.json to make it version 2"]]);
  });

  it("reports a file that is not JSON instead of stopping", () => {
    expect(messages(lint({ "v1.json": "{ nope" }))).toContainEqual(expect.stringMatching(/invalid-json: -: is not valid JSON/));
  });

  it("prints a finding as file, step, message and fix", () => {
    const doc = base();
    step(doc, "spend").next = "meter";
    step(doc, "meter").next = "supplier";
    const finding = lint({ "v1.json": doc }).find((f) => f.rule === "unreachable-step")!;
    expect(formatFinding(finding)).toMatch(/^error {2}.*business-energy\/v1\.json: step "contract": no path from the start reaches this step \(unreachable-step\)\n\s+fix: name "contract" in another step's next, or delete the step$/);
  });

  it.each<[Finding["severity"][], string]>([
    [[], "0 errors, 0 warnings"],
    [["error"], "1 error, 0 warnings"],
    [["error", "error", "warning"], "2 errors, 1 warning"],
  ])("counts %j in words: %s", (severities, count) => {
    const findings = severities.map((severity): Finding => ({ severity, rule: "r", file: "forms/x/v1.json", message: "m", fix: "f" }));
    expect(formatFindings(findings).split("\n").at(-1)).toBe(count);
  });

  it("names the folder it checks in its first line, the project's own or FORMS_DIR's copy", async () => {
    const run = (env: NodeJS.ProcessEnv) => promisify(execFile)("npx", ["tsx", "scripts/formsCheck.ts"], { cwd: repoRoot, env: { ...process.env, FORMS_DIR: "", ...env } });
    const own = await run({});
    expect(own.stdout.split("\n").slice(0, 2)).toEqual(["Checking forms/ (FORMS_DIR unset: the project's own folder)", "0 errors, 0 warnings"]);

    const copy = mkdtempSync(path.join(tmpdir(), "forms-copy-"));
    mkdirSync(path.join(copy, "business-energy"));
    writeFileSync(path.join(copy, "business-energy", "v1.json"), JSON.stringify(base()));
    const other = await run({ FORMS_DIR: copy });
    expect(other.stdout.split("\n")[0]).toBe(`Checking ${copy}/ (FORMS_DIR)`);
  }, 60_000);
});

