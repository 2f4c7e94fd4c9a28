/**
 * A version published since the build has its step validators made by the server (server/publishing/validatorAssets.ts),
 * with the built site (dist/, from `npm run build`): they import their format checks from the site's own chunk
 * (site/quote/validatorRuntime.ts), so a contact step loads no phone metadata of its own.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../engine/node/formsFolder";
import { siteValidatorRuntime, validatorAssets } from "../../server/publishing/validatorAssets";

const siteDir = path.join(repoRoot, "dist/client");

beforeAll(() => {
  if (!existsSync(path.join(siteDir, ".vite/manifest.json"))) throw new Error("dist/ is missing: run `npm run build` first (npm test does).");
});

describe("a published version's validators", () => {
  it("import the site's own format checks by the chunk's built address, and are small", async () => {
    const runtime = await siteValidatorRuntime(siteDir);
    expect(runtime?.url).toMatch(/^\/assets\/validatorRuntime-[\w-]+\.js$/);
    expect(existsSync(path.join(siteDir, runtime!.url))).toBe(true);
    const doc = JSON.parse(readFileSync(path.join(repoRoot, "forms/home-solar/v1.json"), "utf8"));
    const made = await validatorAssets(runtime).of(doc);
    const contact = made.get("contact")!;
    expect(contact.code).toContain(`from"${runtime!.url}"`);
    expect(contact.code).not.toContain("country_calling_codes");
    expect(gzipSync(contact.code).length).toBeLessThan(6_000);
    // Without the site's chunk (an API-only server), a validator carries its own checks.
    const own = (await validatorAssets().of(doc)).get("contact")!;
    expect(own.code).toContain("country_calling_codes");
  }, 60_000);
});
