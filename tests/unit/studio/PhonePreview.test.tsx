// @vitest-environment jsdom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkFlow } from "../../../engine/core/checkFlow";
import type { FlowDocument } from "../../../engine/core/types";
import { createSchemaCheck } from "../../../engine/node/validation";
import { replaceStep } from "../../../engine/studio/stepEdits";
import { PhonePreview } from "../../../site/studio/PhonePreview";
import { PreviewPage } from "../../../site/studio/PreviewPage";
import water from "../../../forms/business-water/v1.json";

afterEach(cleanup);

const waterFlow = checkFlow(createSchemaCheck(), water, "forms/business-water/v1.json");

/** The studio posting a draft to the frame (here the page is its own parent, as a top window is). */
function postDraft(flow: FlowDocument, stepId: string) {
  act(() => window.dispatchEvent(new MessageEvent("message", { data: { type: "studio-draft", flow, stepId }, origin: window.location.origin, source: window })));
}

describe("the phone preview", () => {
  it("is a 390×844 frame of the preview page, named for screen readers", () => {
    render(<PhonePreview flow={waterFlow} stepId="spend" />);
    const frame = screen.getByTitle<HTMLIFrameElement>("Phone preview");
    expect([frame.width, frame.height, new URL(frame.src).pathname]).toEqual(["390", "844", "/studio/preview/"]);
  });

  it("draws the draft as it stands at the chosen step, and the next draft afresh", async () => {
    render(<PreviewPage />);
    expect(screen.getByText("Preview: nothing is sent.")).toBeTruthy();
    postDraft(waterFlow, "supplier");
    expect(await screen.findByRole("heading", { name: "Who is your water retailer now?" })).toBeTruthy();
    const spend = waterFlow.steps.find((s) => s.id === "spend")!;
    postDraft(replaceStep(waterFlow, "spend", { ...spend, question: "How much is the water bill?" } as typeof spend), "spend");
    expect(await screen.findByRole("heading", { name: "How much is the water bill?" })).toBeTruthy();
  });

  it("ignores a message from another origin", () => {
    render(<PreviewPage />);
    act(() => window.dispatchEvent(new MessageEvent("message", { data: { type: "studio-draft", flow: waterFlow, stepId: "spend" }, origin: "https://elsewhere.example", source: window })));
    expect(screen.getByText("Waiting for the studio…")).toBeTruthy();
  });

  it("checks a form step of the draft, and sends nothing when it is submitted", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    render(<PreviewPage />);
    const contact = waterFlow.steps.find((s) => s.id === "contact")!;
    postDraft(replaceStep(waterFlow, "contact", { ...contact, fields: ["customerName", "email"] } as typeof contact), "contact");
    const user = userEvent.setup();
    const name = await screen.findByRole("textbox", { name: /Full name/ }, { timeout: 5_000 });
    expect(screen.queryByRole("textbox", { name: /Phone number/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Get my quotes" }));
    expect(await screen.findByRole("alert", {}, { timeout: 5_000 })).toBeTruthy();
    await user.type(name, "Mary Jane Smith");
    await user.type(screen.getByRole("textbox", { name: /Email/ }), "mary@example.com");
    await user.click(screen.getByRole("button", { name: "Get my quotes" }));
    expect(await screen.findByText(/Here the lead would go to the partners/, {}, { timeout: 5_000 })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
