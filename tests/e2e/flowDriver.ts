/**
 * Drives any quote flow in the browser as a visitor would, reading the flow document to know what each step
 * asks: the first option of each question (or a chosen one), a demo address, and sample contact details.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";
import type { FlowDocument, Step } from "../../engine/core/types";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Sample answers for form fields, as a visitor would type them. Each visitor gets their own phone number
 * (Ofcom's London drama range) and e-mail, so one test's lead is never a duplicate of another's.
 */
export function sampleVisitor(): Record<string, string> {
  const n = Math.floor(Math.random() * 1000);
  return {
    businessName: "Example Trading Ltd",
    customerName: "Alex Example",
    phone: `020 7946 0${String(n).padStart(3, "0")}`,
    email: `alex.${Date.now().toString(36)}${n}@example.com`,
    street: "1 Example Street",
    townCity: "Leeds",
    postcode: "LS1 4DY",
  };
}

export function readFlowDoc(flowId: string, version: number): FlowDocument {
  return JSON.parse(readFileSync(path.join(repoRoot, "forms", flowId, `v${version}.json`), "utf8")) as FlowDocument;
}

export interface DriveOptions {
  /** Option value to choose at a step (by step id); the first option otherwise. */
  choose?: Record<string, string>;
  /** Stop when this step is shown, without answering it. */
  stopAt?: string;
  /** The visitor's details for form steps (a fresh sampleVisitor() when not given). */
  visitor?: Record<string, string>;
  /** Where a version's document is read: forms/ unless given (a version published since the build). */
  readDoc?: (flowId: string, version: number) => FlowDocument;
}

export interface DriveResult {
  leadId?: string;
  code?: string;
  steps: string[];
}

/**
 * The flow, version and step shown, read in one go (the page may be between two flows, e.g. right after the
 * chooser hands over), and only once that step exists in that version's document.
 */
async function currentStep(page: Page, readDoc = readFlowDoc): Promise<{ flowId: string; version: number; stepId: string; step: Step }> {
  // Until the visit is applied the page shows the pre-rendered default version, which may be about to change.
  await expect(page.locator(".quote-page")).toHaveAttribute("data-ready", "true");
  let seen = "";
  for (let attempt = 0; attempt < 50; attempt++) {
    const data = await page.locator(".quote-flow").evaluate((el: HTMLElement) => ({ ...el.dataset }));
    const { flow: flowId, version, step: stepId } = data as { flow?: string; version?: string; step?: string };
    seen = `${flowId}@${version}/${stepId}`;
    const step = flowId && version && stepId ? readDoc(flowId, Number(version)).steps.find((s) => s.id === stepId) : undefined;
    if (step && flowId && stepId) return { flowId, version: Number(version), stepId, step };
    await page.waitForTimeout(100);
  }
  throw new Error(`The page shows no step of a known flow (last seen ${seen})`);
}

/** Answers steps until the success step (or `stopAt`); returns the lead the server stored on the way. */
export async function driveFlow(page: Page, options: DriveOptions = {}): Promise<DriveResult> {
  const result: DriveResult = { steps: [] };
  const visitor = options.visitor ?? sampleVisitor();
  page.on("response", async (response) => {
    if (!response.url().endsWith("/api/leads") || response.request().method() !== "POST") return;
    const body = (await response.json().catch(() => ({}))) as { leadId?: string; code?: string };
    if (body.leadId) result.leadId = body.leadId;
    if (body.code) result.code = body.code;
  });
  for (let guard = 0; guard < 40; guard++) {
    const { flowId, stepId, step } = await currentStep(page, options.readDoc);
    result.steps.push(`${flowId}/${stepId}`);
    if (step.kind === "success" || stepId === options.stopAt) return result;
    await answerStep(page, step, options, visitor);
    await expect(page.locator(".quote-flow")).not.toHaveAttribute("data-step", stepId, { timeout: 8_000 }).catch(async () => {
      // The flow may have moved into another flow whose first step has the same id.
      const now = await currentStep(page, options.readDoc);
      if (now.flowId === flowId) throw new Error(`Stuck at ${flowId}/${stepId}: ${await page.locator(".error-summary").textContent().catch(() => "")}`);
    });
  }
  throw new Error(`No success step after 40 steps: ${result.steps.join(" → ")}`);
}

/** Answers the step shown as a visitor would (see driveFlow). */
export async function answerStep(page: Page, step: Step, options: DriveOptions, visitor: Record<string, string>): Promise<void> {
  const next = page.locator("#quote-step-form button.button--next");
  switch (step.kind) {
    case "radio": {
      const value = options.choose?.[step.id] ?? step.options[0]!.value;
      const option = step.options.find((o) => o.value === value)!;
      await page.getByRole("radio", { name: option.label, exact: true }).click();
      return;
    }
    case "checkbox": {
      const value = options.choose?.[step.id] ?? step.options[0]!.value;
      const option = step.options.find((o) => o.value === value)!;
      await page.getByRole("checkbox", { name: option.label, exact: true }).check();
      return next.click();
    }
    case "full-business-address": {
      const select = page.getByLabel("Select your address");
      if (!(await select.isVisible())) {
        await page.getByLabel("Postcode").fill(visitor.postcode!);
        await page.getByRole("button", { name: "Find address" }).click();
      }
      await expect(select).toBeVisible();
      if ((await select.inputValue()) === "") await select.selectOption({ index: 1 });
      return next.click();
    }
    case "form": {
      for (const field of step.fields) {
        const input = page.locator(`#field-${field}`);
        await expect(input).toBeVisible();
        const tag = await input.evaluate((el) => el.tagName.toLowerCase());
        if (tag === "select") await input.selectOption({ index: 1 });
        else if ((await input.inputValue()) === "") await input.fill(visitor[field] ?? "Example");
      }
      return next.click();
    }
    case "upsell":
      return page.getByRole("button", { name: "No thanks, I'm done" }).click();
    case "mmob":
    case "stickee":
      return next.click();
    case "success":
      return;
  }
}

/** The step a page shows as the server drew it (no script runs to mark the page ready). */
async function shownStep(page: Page): Promise<{ flowId: string; stepId: string; step: Step }> {
  const data = await page.locator(".quote-flow").evaluate((el: HTMLElement) => ({ ...el.dataset }));
  const { flow: flowId, version, step: stepId } = data as { flow?: string; version?: string; step?: string };
  const step = flowId && version && stepId ? readFlowDoc(flowId, Number(version)).steps.find((s) => s.id === stepId) : undefined;
  if (!step || !flowId || !stepId) throw new Error(`The page shows no step of a known flow (${flowId}@${version}/${stepId})`);
  return { flowId, stepId, step };
}

/** Clicks what posts a plain form, and waits for the page the server answers with (after its 303). */
export async function postAndWait(page: Page, click: () => Promise<void>): Promise<void> {
  const navigated = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await click();
  await navigated;
  await page.waitForLoadState("domcontentloaded");
}

/**
 * Answers steps as a browser without scripts does: each step's form posted to the server, which answers with the
 * next step's page. Returns the steps shown, up to the success step (or `stopAt`).
 */
export async function drivePlainFlow(page: Page, options: DriveOptions = {}): Promise<DriveResult> {
  const result: DriveResult = { steps: [] };
  const visitor = options.visitor ?? sampleVisitor();
  for (let guard = 0; guard < 40; guard++) {
    const { flowId, stepId, step } = await shownStep(page);
    result.steps.push(`${flowId}/${stepId}`);
    if (step.kind === "success" || stepId === options.stopAt) return result;
    await answerPlainStep(page, step, options, visitor);
    const now = await shownStep(page);
    if (now.flowId === flowId && now.stepId === stepId) {
      throw new Error(`Stuck at ${flowId}/${stepId}: ${await page.locator(".error-summary, .notice--error").allTextContents()}`);
    }
  }
  throw new Error(`No success step after 40 steps: ${result.steps.join(" → ")}`);
}

export async function answerPlainStep(page: Page, step: Step, options: DriveOptions, visitor: Record<string, string>): Promise<void> {
  const next = page.locator("#quote-step-form button.button--next");
  switch (step.kind) {
    case "radio":
    case "checkbox": {
      const value = options.choose?.[step.id] ?? step.options[0]!.value;
      const option = step.options.find((o) => o.value === value)!;
      await page.getByRole(step.kind, { name: option.label, exact: true }).check();
      return postAndWait(page, () => next.click());
    }
    case "full-business-address": {
      const select = page.getByLabel("Select your address");
      if (!(await select.isVisible())) {
        await page.getByLabel("Postcode").fill(visitor.postcode!);
        await postAndWait(page, () => page.getByRole("button", { name: "Find address" }).click());
      }
      if ((await select.inputValue()) === "") await select.selectOption({ index: 1 });
      return postAndWait(page, () => next.click());
    }
    case "form": {
      for (const field of step.fields) {
        const input = page.locator(`#field-${field}`);
        if ((await input.inputValue()) === "") await input.fill(visitor[field] ?? "Example");
      }
      return postAndWait(page, () => next.click());
    }
    case "upsell":
      return postAndWait(page, () => page.getByRole("button", { name: "No thanks, I'm done" }).click());
    case "mmob":
    case "stickee":
      return postAndWait(page, () => next.click());
    case "success":
      return;
  }
}
