/** `npm run build` checks the flows before anything else: each mistake an analyst can make stops it, naming file, step and fix. */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "broken-build-"));
  cpSync(path.join(repoRoot, "forms"), path.join(scratch, "forms"), { recursive: true });
});
afterEach(() => {
  rmSync(scratch, { recursive: true, force: true });
});

type Flow = { steps: Array<{ id: string; next?: unknown }> };
const water = (file: string) => path.join(scratch, "forms", "business-water", file);
function editWater(edit: (flow: Flow) => void): void {
  const flow = JSON.parse(readFileSync(water("v1.json"), "utf8")) as Flow;
  edit(flow);
  writeFileSync(water("v1.json"), JSON.stringify(flow, null, 2));
}
const step = (flow: Flow, id: string) => flow.steps.find((s) => s.id === id)!;

it.each<[string, () => void, string[]]>([
  [
    "a condition on a misspelt field",
    () => editWater((flow) => (step(flow, "spend").next = [{ when: { "==": [{ var: "currentSuplier" }, "other"] }, to: "address" }, { to: "supplier" }])),
    ['business-water/v1.json: step "spend": condition reads unknown field "currentSuplier" (unknown-field)', 'fix: did you mean "currentSupplier"?'],
  ],
  [
    "a next naming a step that does not exist",
    () => editWater((flow) => (step(flow, "supplier").next = "adress")),
    ['business-water/v1.json: step "supplier": next names unknown step "adress" (unknown-step)', 'fix: did you mean "address"? The steps in this file are sites, spend, supplier, address, contact, done'],
  ],
  [
    "a sending step that asks no way to reach the visitor",
    () => editWater((flow) => Object.assign(step(flow, "contact"), { fields: ["businessName", "customerName"] })),
    [
      'business-water/v1.json: step "contact": the lead sent at "Where should we send your quotes?" can go without Phone number (phone) and Email (email) on the way sites → spend → supplier → address → contact, so no partner could reach the visitor to buy it (unsellable-lead)',
      'fix: add Phone number (phone) and Email (email) to the fields of "Where should we send your quotes?"',
    ],
  ],
  [
    "split weights adding up to 90",
    () => writeFileSync(water("split.json"), JSON.stringify({ $schema: "../../schemas/split.schema.json", default: 1, weights: { "1": 90 } })),
    ["business-water/split.json: the weights add up to 90, not 100; until it is fixed every visitor gets v1, the default, and no versions are compared (split-total)", "fix: change the weights so they add up to 100"],
  ],
])("stops the build on %s, naming the file, the step and the fix", (_mistake, make, expected) => {
  make();
  const outDir = path.join(".tmp", path.basename(scratch));

  const build = spawnSync("npx", ["tsx", "scripts/build.ts"], {
    cwd: repoRoot,
    env: { ...process.env, FORMS_DIR: path.join(scratch, "forms"), SITE_OUT_DIR: outDir },
    encoding: "utf8",
  });

  expect(build.status).toBe(1);
  expect(build.stderr).toContain("The quote flows have errors; nothing was built.");
  for (const line of expected) expect(build.stderr).toContain(line);
  expect(existsSync(path.join(repoRoot, outDir))).toBe(false);
}, 60_000);
