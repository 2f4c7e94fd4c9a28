/** The accessibility scan the end-to-end tests share. */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

const scan = (page: Page) => new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]).analyze();

/** Serious and critical axe findings, as "rule: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await scan(page);
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}

/** Every axe finding, whatever its impact (landmarks and regions included), as "rule: target" lines. */
export async function allViolations(page: Page): Promise<string[]> {
  const results = await scan(page);
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(" ")}`));
}
