import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./pageTest";

test("npm run forms:graph draws business energy's steps, its branch and its submit step", async ({ page }) => {
  // The command starts a process of its own (npx, then tsx compiling the script): on a busy machine that alone can
  // take most of a test's usual 30 s.
  test.setTimeout(90_000);
  const out = path.join(mkdtempSync(path.join(tmpdir(), "graph-")), "business-energy.svg");
  execFileSync("npx", ["tsx", "scripts/formsGraph.ts", "business-energy", "--version", "1", "--out", out], { stdio: "pipe" });
  await page.setContent(`<!doctype html><body>${readFileSync(out, "utf8")}</body>`);

  const svg = page.getByRole("img", { name: "business-energy v1: Compare business energy prices" });
  await expect(svg).toBeVisible();
  await expect(svg.locator("g.step")).toHaveCount(8);
  await expect(svg.locator('g.step[data-submit="true"]')).toHaveAttribute("data-step", "contact");
  await expect(svg.locator('g.step[data-step="address"]')).toHaveAttribute("data-kind", "full-business-address");
  await expect(svg.getByText("utility = gas")).toBeVisible();
  await expect(svg.getByText("otherwise")).toBeVisible();
  // Laid out top to bottom: the start above the submit step, the submit step above success.
  const top = async (step: string) => (await svg.locator(`g.step[data-step="${step}"] rect`).boundingBox())!.y;
  expect(await top("utility")).toBeLessThan(await top("contact"));
  expect(await top("contact")).toBeLessThan(await top("done"));
});
