// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkFlow } from "../../../engine/core/checkFlow";
import type { Finding } from "../../../engine/core/findings";
import type { FlowDocument, Step } from "../../../engine/core/types";
import { createSchemaCheck } from "../../../engine/node/validation";
import { StepProperties, withProperties } from "../../../site/studio/StepProperties";
import energy from "../../../forms/business-energy/v1.json";
import insurance from "../../../forms/home-insurance/v1.json";
import water from "../../../forms/business-water/v1.json";

afterEach(cleanup);

const waterFlow = checkFlow(createSchemaCheck(), water, "forms/business-water/v1.json");
const energyFlow = checkFlow(createSchemaCheck(), energy, "forms/business-energy/v1.json");
const insuranceFlow = checkFlow(createSchemaCheck(), insurance, "forms/home-insurance/v1.json");
const stepOf = (flow: FlowDocument, id: string) => flow.steps.find((s) => s.id === id) as Step & Record<string, unknown>;

/** The properties of a step in a page that keeps each edit, as the version page does. */
function renderStep(initial: FlowDocument, stepId: string, { readOnly = false, findings = [] as Finding[] } = {}) {
  const onChange = vi.fn<(flow: FlowDocument, label: string) => void>();
  let current = initial;
  function Page() {
    const [flow, setFlow] = useState(initial);
    return (
      <StepProperties
        flow={flow}
        stepId={stepId}
        readOnly={readOnly}
        findings={findings}
        onChange={(next, label) => {
          onChange(next, label);
          current = next;
          setFlow(next);
        }}
      />
    );
  }
  render(<Page />);
  return { onChange, user: userEvent.setup(), flow: () => current };
}

describe("a step's properties", () => {
  it("labels each input by the property's title or its name in words", () => {
    renderStep(waterFlow, "contact");
    for (const label of ["Step id", "Question", "Submit label", "Consent wording", "Sends the lead", "Where next", "Next step"]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByRole("group", { name: "Fields" })).toBeTruthy();
  });

  it("offers the field library's fields by label and key", () => {
    renderStep(waterFlow, "supplier");
    const field = screen.getByLabelText<HTMLSelectElement>("Field");
    expect(field.value).toBe("currentSupplier");
    expect(within(field).getByRole("option", { name: "Current supplier (currentSupplier)" })).toBeTruthy();
  });

  it("changes a question in place, as one edit named after the property", () => {
    const { onChange, flow } = renderStep(waterFlow, "supplier");
    fireEvent.change(screen.getByLabelText("Question"), { target: { value: "Who supplies your water?" } });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0]![1]).toBe("Change question of supplier");
    expect(stepOf(flow(), "supplier")).toEqual({ ...stepOf(waterFlow, "supplier"), question: "Who supplies your water?" });
    expect(Object.keys(stepOf(flow(), "supplier"))).toEqual(Object.keys(stepOf(waterFlow, "supplier")));
  });

  it("edits options as rows, their values chosen from the values the field allows", async () => {
    const { user, flow } = renderStep(energyFlow, "meter");
    const value = screen.getByLabelText<HTMLSelectElement>("Option 1: Value");
    expect([...value.options].map((o) => o.value)).toEqual(["yes", "no", "notSure"]);
    fireEvent.change(screen.getByLabelText("Option 3: Label"), { target: { value: "Don't know" } });
    expect(stepOf(flow(), "meter").options).toEqual([...(stepOf(energyFlow, "meter").options as object[]).slice(0, 2), { value: "notSure", label: "Don't know" }]);
    await user.click(screen.getByRole("button", { name: "Add option" }));
    await user.click(screen.getByRole("button", { name: "Remove option 1" }));
    expect((stepOf(flow(), "meter").options as Array<{ value: string }>).map((o) => o.value)).toEqual(["no", "notSure", "option-4"]);
  });

  it("offers only the comparisons of a list for a tick-box field, and writes the rule as JSONLogic", async () => {
    const { user, flow, onChange } = renderStep(insuranceFlow, "cover");
    await user.selectOptions(screen.getByLabelText("Where next"), "rules");
    expect(onChange.mock.calls.at(-1)![1]).toBe("Change next of cover");
    await user.selectOptions(screen.getByLabelText("Rule 1: Field"), "coverTypes");
    const comparison = screen.getByLabelText<HTMLSelectElement>("Rule 1: Comparison");
    expect([...comparison.options].map((o) => o.text)).toEqual(["has ticked", "has not ticked", "has none ticked"]);
    await user.selectOptions(screen.getByLabelText("Rule 1: Value"), "buildings");
    await user.selectOptions(screen.getByLabelText("Rule 1: goes to"), "bedrooms");
    expect(stepOf(flow(), "cover").next).toEqual([{ when: { in: ["buildings", { var: "coverTypes" }] }, to: "bedrooms" }, { to: "property" }]);
  });

  it("offers tick boxes of the field's values for \"is one of\"", async () => {
    const { user, flow } = renderStep(energyFlow, "meter");
    await user.selectOptions(screen.getByLabelText("Where next"), "rules");
    await user.selectOptions(screen.getByLabelText("Rule 1: Field"), "hasHalfHourlyMeter");
    await user.selectOptions(screen.getByLabelText("Rule 1: Comparison"), "oneOf");
    await user.click(screen.getByRole("checkbox", { name: "Not sure" }));
    expect((stepOf(flow(), "meter").next as Array<{ when?: unknown }>)[0]!.when).toEqual({ in: [{ var: "hasHalfHourlyMeter" }, ["yes", "notSure"]] });
  });

  it("adds, moves and removes rules", async () => {
    const { user, flow } = renderStep(insuranceFlow, "cover");
    await user.selectOptions(screen.getByLabelText("Where next"), "rules");
    await user.click(screen.getByRole("button", { name: "Add rule" }));
    expect((stepOf(flow(), "cover").next as unknown[]).length).toBe(3);
    await user.click(screen.getByRole("button", { name: "Move rule 3 up" }));
    expect((stepOf(flow(), "cover").next as Array<{ when?: unknown }>)[1]!.when).toBeUndefined();
    await user.click(screen.getByRole("button", { name: "Remove rule 1" }));
    await user.click(screen.getByRole("button", { name: "Remove rule 1" }));
    expect(stepOf(flow(), "cover").next).toEqual([{ when: expect.any(Object), to: "property" }]);
  });

  it("shows a condition the builder cannot draw as JSON in a labelled box", () => {
    const odd: FlowDocument = { ...waterFlow, steps: waterFlow.steps.map((s) => (s.id === "sites" ? { ...s, next: [{ when: { or: [{ "==": [{ var: "numberOfSites" }, "1"] }] }, to: "spend" }, { to: "supplier" }] } : s)) } as FlowDocument;
    renderStep(odd, "sites");
    expect(screen.getByLabelText<HTMLTextAreaElement>(/Rule 1: condition as JSON/).value).toContain('"or"');
  });

  it("applies the step's JSON with a button, and says in words why text is not JSON", async () => {
    const { user, flow } = renderStep(waterFlow, "spend");
    await user.click(screen.getByRole("button", { name: "Edit as JSON" }));
    const box = screen.getByLabelText("Step spend as JSON");
    fireEvent.change(box, { target: { value: "{ nope" } });
    await user.click(screen.getByRole("button", { name: "Apply JSON" }));
    expect(screen.getByRole("alert").textContent).toMatch(/not valid JSON/);
    fireEvent.change(box, { target: { value: JSON.stringify({ ...stepOf(waterFlow, "spend"), question: "How much?" }) } });
    await user.click(screen.getByRole("button", { name: "Apply JSON" }));
    expect(stepOf(flow(), "spend").question).toBe("How much?");
  });

  it("renames a step with a button, and every reference follows", async () => {
    const { user, flow } = renderStep(waterFlow, "spend");
    const id = screen.getByLabelText("Step id");
    await user.clear(id);
    await user.type(id, "monthly-spend");
    await user.click(screen.getByRole("button", { name: "Rename step" }));
    expect(stepOf(flow(), "sites").next).toBe("monthly-spend");
  });

  it("lets nothing change in a read-only version", () => {
    renderStep(waterFlow, "supplier", { readOnly: true });
    expect(screen.getByLabelText<HTMLInputElement>("Question").disabled || screen.getByLabelText<HTMLInputElement>("Question").readOnly).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>("Option 1: Label").disabled).toBe(true);
    expect(screen.getByLabelText<HTMLSelectElement>("Where next").disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Add option" }).disabled).toBe(true);
  });

  it("shows the step's findings first, with their fixes", () => {
    const finding: Finding = { severity: "error", rule: "unknown-step", file: "forms/business-water/v1.json", step: "supplier", message: 'next names unknown step "adress"', fix: 'did you mean "address"?' };
    renderStep(waterFlow, "supplier", { findings: [finding] });
    const list = screen.getByRole("list", { name: "Findings on this step" });
    expect(list.textContent).toContain('"Where next" names unknown step "adress"');
    expect(list.textContent).toContain('Fix: did you mean "address"?');
  });
});

describe("the step as the form leaves it", () => {
  const sites = stepOf(waterFlow, "sites");

  it("keeps a required property in its place while it is retyped, and puts a new one where the schema lists it", () => {
    const cleared = withProperties(sites, { ...sites, question: undefined });
    expect(Object.keys(cleared)).toEqual(Object.keys(sites));
    const hinted = withProperties(sites, { ...sites, hint: "Count every site with its own meter." });
    expect(Object.keys(hinted)).toEqual(["id", "kind", "field", "question", "hint", "options", "next"]);
  });

  it("removes an optional property that is emptied", () => {
    const spend = stepOf(waterFlow, "spend");
    expect(withProperties(spend, { ...spend, hint: undefined })).not.toHaveProperty("hint");
  });
});
