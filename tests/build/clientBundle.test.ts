import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const assets = fileURLToPath(new URL("../../dist/client/assets/", import.meta.url));

function builtScripts(): Array<{ file: string; source: string }> {
  if (!existsSync(assets)) throw new Error("dist/client is missing: run `npm run build` first (npm test does).");
  return readdirSync(assets)
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ file, source: readFileSync(path.join(assets, file), "utf8") }));
}

describe("the built browser code", () => {
  it("compiles no schema at run time: no new Function, no eval, no Ajv compiler", () => {
    const offenders = builtScripts()
      .filter(({ source }) => /new Function\s*\(|\beval\s*\(|ajv implementation error|strict mode: unknown keyword/.test(source))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it("still validates form steps in the browser, with precompiled validators", () => {
    const validators = builtScripts().filter(({ source }) => source.includes("must have required property"));
    expect(validators.length).toBeGreaterThan(0);
  });

  it("keeps the form library out of the code every page loads", () => {
    const entry = builtScripts().find(({ file }) => /^index-.*\.js$/.test(file));
    expect(entry, "the entry chunk").toBeDefined();
    expect(entry!.source).not.toContain("ui:submitButtonOptions");
    expect(entry!.source).not.toContain("libphonenumber");
  });
});
