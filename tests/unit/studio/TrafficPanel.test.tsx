// @vitest-environment jsdom
/** The Traffic region: weights checked as typed, the decision settings chosen from the metrics, every change confirmed with a reason, and nothing said to have changed that did not. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DECISION_METRICS } from "../../../engine/studio/decisionSettings";
import { liveApi, Refusal } from "../../../site/studio/liveApi";
import { HistoryPanel } from "../../../site/studio/HistoryPanel";
import { TrafficDialog } from "../../../site/studio/TrafficDialog";
import { TrafficPanel } from "../../../site/studio/TrafficPanel";
import { trafficWords } from "../../../site/studio/trafficWords";

afterEach(cleanup);

// jsdom has <dialog> but not its methods: open and close it as a browser would, as far as these tests look.
HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
  this.setAttribute("open", "");
};
HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
  this.removeAttribute("open");
  this.dispatchEvent(new Event("close"));
};

const split = { default: 1, weights: { "1": 50, "2": 50 } };
let setTraffic: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  setTraffic = vi.spyOn(liveApi, "setTraffic").mockResolvedValue({ change: 9 });
});
afterEach(() => vi.restoreAllMocks());

const draw = (onChanged = vi.fn()) => {
  render(<TrafficPanel flowId="home-insurance" versions={[1, 2]} split={split} onChanged={onChanged} />);
  return { region: screen.getByRole("region", { name: "Traffic" }), onChanged };
};
const save = () => screen.getByRole("button", { name: "Save traffic" });

describe("the Traffic region", () => {
  it("is a captioned table of the versions with their weights and the control", () => {
    const { region } = draw();
    const table = within(region).getByRole("table", { name: /share of visitors/ });
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Version", "Weight (%)", "Control", "Ship or stop"]);
    expect(within(table).getByRole("spinbutton", { name: "Weight of v2" })).toHaveProperty("value", "50");
    expect(within(table).getByRole("radio", { name: "Control: v1" })).toHaveProperty("checked", true);
  });

  it("says the weights must add up to 100 as they are typed, and holds Save traffic until they do", async () => {
    draw();
    expect(save()).toHaveProperty("disabled", true);
    expect(screen.getByText(/This is the traffic in force/)).toBeTruthy();
    const v1 = screen.getByRole("spinbutton", { name: "Weight of v1" });
    const v2 = screen.getByRole("spinbutton", { name: "Weight of v2" });
    await userEvent.clear(v1);
    await userEvent.type(v1, "60");
    await userEvent.clear(v2);
    await userEvent.type(v2, "30");
    expect(screen.getByText("The weights add up to 90: they must add up to 100 before the traffic can be saved.")).toBeTruthy();
    expect(save()).toHaveProperty("disabled", true);
    await userEvent.clear(v2);
    await userEvent.type(v2, "40");
    expect(screen.getByText("The weights add up to 100.")).toBeTruthy();
    expect(save()).toHaveProperty("disabled", false);
  });

  it("offers the metrics the server accepts to decide on, and a guardrail on each other one", async () => {
    draw();
    const decideOn = screen.getByRole("combobox", { name: "Decide on" });
    expect(within(decideOn).getAllByRole("option").map((o) => (o as HTMLOptionElement).value).sort()).toEqual([...DECISION_METRICS].sort());
    expect(decideOn).toHaveProperty("value", "value");
    // The default guardrail, 5% on leads, is shown as in force.
    expect(screen.getByRole("spinbutton", { name: "Guardrail on leads (%)" })).toHaveProperty("value", "5");
    await userEvent.selectOptions(decideOn, "leads");
    expect(screen.queryByRole("spinbutton", { name: "Guardrail on leads (%)" })).toBeNull();
    expect(screen.getByRole("spinbutton", { name: "Guardrail on value per visit (%)" })).toBeTruthy();
  });

  it("confirms a new decision metric like any traffic change, with a new period and a reason, and sends only what changed", async () => {
    const { onChanged } = draw();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Decide on" }), "acceptedLeads");
    await userEvent.clear(screen.getByRole("spinbutton", { name: "Guardrail on leads (%)" }));
    await userEvent.type(screen.getByRole("spinbutton", { name: "Guardrail on leads (%)" }), "10");
    await userEvent.click(save());
    const dialog = screen.getByRole("dialog", { name: "Change the traffic?" });
    expect(dialog.textContent).toContain("Decide on accepted leads, within a guardrail on leads (at most 10% lost).");
    expect(dialog.textContent).toContain("Visitors see the same versions as before; this changes how the test is decided, at once, and starts a new experiment period");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Why" }), "Buyers pay for accepted leads");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm traffic change" }));
    expect(setTraffic).toHaveBeenCalledWith("home-insurance", { "1": 50, "2": 50 }, 1, undefined, "Buyers pay for accepted leads", { decideOn: "acceptedLeads", guardrails: { leads: 0.1 } });
    expect(onChanged).toHaveBeenCalled();
    expect(screen.getByRole("status").textContent).toContain("Traffic changed: Decide on accepted leads");
  });

  it("leaves the decision settings as they are when only the weights change", async () => {
    draw();
    await userEvent.clear(screen.getByRole("spinbutton", { name: "Weight of v1" }));
    await userEvent.type(screen.getByRole("spinbutton", { name: "Weight of v1" }), "80");
    await userEvent.clear(screen.getByRole("spinbutton", { name: "Weight of v2" }));
    await userEvent.type(screen.getByRole("spinbutton", { name: "Weight of v2" }), "20");
    await userEvent.click(screen.getByRole("radio", { name: "Control: v2" }));
    await userEvent.click(save());
    const dialog = screen.getByRole("dialog", { name: "Change the traffic?" });
    expect(dialog.textContent).toContain("New weights: v1 80%, v2 20%; the control is v2.");
    expect(dialog.textContent).toContain("This changes what visitors see, at once, and starts a new experiment period");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Why" }), "More on v2");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm traffic change" }));
    expect(setTraffic).toHaveBeenCalledWith("home-insurance", { "1": 80, "2": 20 }, 2, undefined, "More on v2", undefined);
  });

  it("after a refused Confirm, says nothing changed and claims no change", async () => {
    setTraffic.mockRejectedValue(new Refusal("The traffic was not changed, and visitors are shared as before: fix what the checks found first.", 422, []));
    const { onChanged } = draw();
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Decide on" }), "leads");
    await userEvent.click(save());
    const dialog = screen.getByRole("dialog", { name: "Change the traffic?" });
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Why" }), "Leads");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm traffic change" }));
    expect(within(dialog).getByRole("alert").textContent).toBe("The traffic was not changed, and visitors are shared as before: fix what the checks found first.");
    expect(screen.getByRole("status").textContent).toBe("");
    expect(document.body.textContent).not.toMatch(/until it is fixed|every visitor gets/);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it("holds Save traffic while a guardrail or the planned visits are not numbers it can save", async () => {
    draw();
    await userEvent.type(screen.getByRole("spinbutton", { name: "Guardrail on accepted leads (%)" }), "150");
    expect(screen.getByText("The guardrail on accepted leads must be a loss from 0% to 100%, or left empty for none.")).toBeTruthy();
    expect(save()).toHaveProperty("disabled", true);
  });
});

describe("restoring a past traffic", () => {
  it("says it returns to that traffic's experiment period, as the guide and the results page do", () => {
    render(<TrafficDialog change="Restore the traffic of 1 Dec 2026: v1 80%, v2 20% (control v1)." effect="restore" busy={false} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const dialog = screen.getByRole("dialog", { name: "Change the traffic?" });
    expect(dialog.textContent).toContain("returns to the experiment period of that traffic");
    expect(dialog.textContent).not.toContain("starts a new experiment period");
    const guide = readFileSync(path.resolve(import.meta.dirname, "../../../docs/analysts.md"), "utf8").replace(/\s+/g, " ");
    expect(guide).toContain("the experiment period of that traffic resumes its counts");
  });
});

describe("the history's Restore this traffic", () => {
  it("opens the dialog that says it returns to that traffic's period, and restores it with the reason", async () => {
    const older = { change: 3, kind: "traffic" as const, analyst: "pat", at: "2026-12-01T10:00:00Z", why: "Test", before: { default: 1, weights: { "1": 100 } }, after: { default: 1, weights: { "1": 80, "2": 20 } } };
    const newer = { ...older, change: 4, why: "Judge on leads", before: older.after, after: { ...older.after, decideOn: "leads" } };
    vi.spyOn(liveApi, "history").mockResolvedValue({ changes: [older, newer] });
    const restore = vi.spyOn(liveApi, "restore").mockResolvedValue({ change: 5 });
    render(<HistoryPanel flowId="home-insurance" canRestore revision={1} onChanged={vi.fn()} />);
    expect(await screen.findByText("Traffic: v1 80%, v2 20% (control v1); decided on leads, with no guardrail; before: v1 80%, v2 20% (control v1)")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: /^Restore this traffic: v1 80%, v2 20% \(control v1\)$/ }));
    const dialog = screen.getByRole("dialog", { name: "Change the traffic?" });
    expect(dialog.textContent).toContain("returns to the experiment period of that traffic");
    expect(dialog.textContent).not.toContain("starts a new experiment period");
    await userEvent.type(within(dialog).getByRole("textbox", { name: "Why" }), "Back to value");
    await userEvent.click(within(dialog).getByRole("button", { name: "Confirm traffic change" }));
    expect(restore).toHaveBeenCalledWith("home-insurance", 3, "Back to value");
  });
});

describe("the history's words for a traffic", () => {
  it("names the way the test is decided when the traffic sets it", () => {
    expect(trafficWords({ default: 1, weights: { "1": 50, "2": 50 } })).toBe("v1 50%, v2 50% (control v1)");
    expect(trafficWords({ default: 1, weights: { "1": 50, "2": 50 }, decideOn: "acceptedLeads", guardrails: { leads: 0.1 } })).toBe(
      "v1 50%, v2 50% (control v1); decided on accepted leads, within a guardrail on leads (at most 10% lost)",
    );
  });
});
