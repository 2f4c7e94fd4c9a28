/**
 * Opening and saving every version in forms/ without an edit changes no byte: the draft the studio holds for each
 * version is the file's exact text, a version no visitor gets has nothing to save, a live one opens read only, and
 * every file of the copy is byte for byte as it was after the run.
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, test, type Page } from "./pageTest";
import { type Studio, studioForTests } from "./studioHelpers";

test.describe.configure({ mode: "serial", timeout: 240_000 });

/** Every file under the folder, by its path inside it, with its bytes in base64. */
function filesIn(dir: string): Record<string, string> {
  return Object.fromEntries(
    (readdirSync(dir, { recursive: true, withFileTypes: true }) as Array<{ name: string; parentPath: string; isFile: () => boolean }>)
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), readFileSync(file).toString("base64")];
      })
      .sort(([a], [b]) => a!.localeCompare(b!)),
  );
}

/** Every version of every flow, as [flow, version number]. */
function everyVersion(formsDir: string): Array<[string, number]> {
  return readdirSync(formsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((dir) => readdirSync(path.join(formsDir, dir.name)).flatMap((file): Array<[string, number]> => (/^v\d+\.json$/.test(file) ? [[dir.name, Number(file.slice(1, -5))]] : [])))
    .sort(([a, x], [b, y]) => a.localeCompare(b) || x - y);
}

/** The version's weight in its flow's split.json, 0 when it has none. */
function weightOf(studio: Studio, flow: string, version: number): number {
  try {
    return (JSON.parse(studio.read(`${flow}/split.json`)) as { weights: Record<string, number> }).weights[String(version)] ?? 0;
  } catch {
    return 0;
  }
}

/** Opens the version's page and returns the text of the version the page sends to be checked: the draft it holds. */
async function openVersion(page: Page, studio: Studio, flow: string, version: number): Promise<string> {
  const checked = page.waitForRequest((request) => request.method() === "POST" && request.url().endsWith(`/studio/api/flows/${flow}/check`), { timeout: 30_000 });
  await page.goto(`${studio.url}/studio/${flow}/v${version}`);
  await expect(page.getByRole("heading", { level: 1, name: `${flow} v${version}` })).toBeVisible({ timeout: 30_000 });
  const body = (await checked).postDataJSON() as { files: Record<string, string> };
  return body.files[`v${version}.json`]!;
}

/** Opens every version, checking what the page offers; the copy's files are compared before and after. */
async function openEvery(page: Page, studio: Studio): Promise<{ live: number; notLive: number }> {
  const before = filesIn(studio.formsDir);
  const seen = { live: 0, notLive: 0 };
  for (const [flow, version] of everyVersion(studio.formsDir)) {
    const name = `${flow}/v${version}.json`;
    const draft = await openVersion(page, studio, flow, version);
    expect(draft, `the draft of ${name} is the file's text`).toBe(studio.read(name));
    await expect(page.getByRole("img", { name: new RegExp(`^Picture of ${flow} v${version}`) }), name).toBeVisible();
    if (weightOf(studio, flow, version) > 0) {
      seen.live++;
      await expect(page.getByText("Visitors are getting this version now", { exact: false }), name).toBeVisible();
      await expect(page.getByRole("button", { name: "Save" }), name).toHaveCount(0);
    } else {
      seen.notLive++;
      // With no edit the studio says there is nothing to save, and Save cannot be pressed.
      await expect(page.getByText("Nothing to save: there are no unsaved changes."), name).toBeVisible();
      await expect(page.getByRole("button", { name: "Save" }), name).toBeDisabled();
      // Were the draft saved as it stands, through the studio's own save, the diff would be empty and the file unchanged.
      const files = { [`v${version}.json`]: { text: draft, base: createHash("sha256").update(studio.read(name)).digest("hex") } };
      const asked = await page.request.post(`${studio.url}/studio/api/flows/${flow}/save`, { data: { files, confirm: false } });
      expect(asked.status(), name).toBe(200);
      const { diff } = (await asked.json()) as { diff: Array<{ patch: string }> };
      for (const file of diff) expect(file.patch.split("\n").filter((line) => /^[+-](?![+-])/.test(line)), name).toEqual([]);
      const saved = await page.request.post(`${studio.url}/studio/api/flows/${flow}/save`, { data: { files, confirm: true } });
      expect(saved.status(), name).toBe(200);
      expect(studio.read(name), name).toBe(draft);
    }
  }
  expect(filesIn(studio.formsDir)).toEqual(before);
  return seen;
}

test.describe("on forms/ as it is", () => {
  const studio = studioForTests();

  test("opens every version with the file's exact text as its draft, live ones read only, and changes no byte", async ({ page }) => {
    const seen = await openEvery(page, studio);
    expect(seen.live).toBe(everyVersion(studio.formsDir).length - seen.notLive);
    expect(seen.live).toBeGreaterThan(0);
  });
});

test.describe("on a copy with no split.json, so that no version is live", () => {
  const studio = studioForTests((formsDir) => {
    for (const dir of readdirSync(formsDir)) rmSync(path.join(formsDir, dir, "split.json"), { force: true });
  });

  test("opens every version with nothing to save, its draft the file's exact text, and changes no byte", async ({ page }) => {
    const seen = await openEvery(page, studio);
    expect(seen.live).toBe(0);
    expect(seen.notLive).toBe(everyVersion(studio.formsDir).length);
  });
});
