// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkFlow } from "../../../engine/core/checkFlow";
import type { FlowDocument } from "../../../engine/core/types";
import { createSchemaCheck } from "../../../engine/node/validation";
import { AddStep } from "../../../site/studio/AddStep";
import { DeleteStep } from "../../../site/studio/DeleteStep";
import { schemaStepKinds } from "../../fixtures/stepKinds";
import energy from "../../../forms/business-energy/v1.json";
import water from "../../../forms/business-water/v1.json";

afterEach(cleanup);

// jsdom has <dialog> but not its methods: open and close it as a browser would, as far as these tests look.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const waterFlow = checkFlow(createSchemaCheck(), water, "forms/business-water/v1.json");
const energyFlow = checkFlow(createSchemaCheck(), energy, "forms/business-energy/v1.json");
const ids = (flow: FlowDocument) => flow.steps.map((s) => s.id);

describe("adding a step", () => {
  it("lists every kind of step in words", () => {
    render(<AddStep flow={waterFlow} afterId="spend" onChange={vi.fn()} />);
    const kinds = within(screen.getByLabelText("Kind of step to add")).getAllByRole("option");
    expect(kinds).toHaveLength(schemaStepKinds().length);
    expect(kinds.map((o) => o.textContent)).toContain("Radio step");
    expect(kinds.map((o) => o.textContent)).toContain("Full business address step");
  });

  it("adds the chosen kind's starting step after the chosen step, as one edit", async () => {
    const onChange = vi.fn<(flow: FlowDocument, label: string) => void>();
    const onAdded = vi.fn();
    render(<AddStep flow={waterFlow} afterId="spend" onChange={onChange} onAdded={onAdded} />);
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText("Kind of step to add"), "checkbox");
    await user.click(screen.getByRole("button", { name: "Add step after spend" }));
    const [flow, label] = onChange.mock.calls[0]!;
    expect(ids(flow).slice(0, 4)).toEqual(["sites", "spend", "new-step", "supplier"]);
    expect(flow.steps[2]!.kind).toBe("checkbox");
    expect(label).toBe("Add checkbox step new-step after spend");
    expect(onAdded).toHaveBeenCalledWith("new-step");
  });
});

describe("deleting a step", () => {
  it("asks first in a dialog that lists the steps naming it, fixed or flagged", async () => {
    const onChange = vi.fn();
    render(<DeleteStep flow={energyFlow} stepId="meter" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete step meter" }));
    const dialog = screen.getByRole("dialog", { name: "Delete step meter?" });
    expect(within(dialog).getByText(/Flagged: spend names meter in a rule/)).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(onChange).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Delete step meter" }));
  });

  it("deletes on Delete, sending a plain next where the deleted step went", async () => {
    const onChange = vi.fn<(flow: FlowDocument, label: string) => void>();
    render(<DeleteStep flow={waterFlow} stepId="spend" onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Delete step spend" }));
    expect(screen.getByText("Fixed: sites will go to supplier instead.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const [flow, label] = onChange.mock.calls[0]!;
    expect(ids(flow)).not.toContain("spend");
    expect(flow.steps[0]).toHaveProperty("next", "supplier");
    expect(label).toBe("Delete step spend");
  });
});
