// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { checkFlow } from "../../../engine/core/checkFlow";
import { createSchemaCheck } from "../../../engine/node/validation";
import type { FlowDocument } from "../../../engine/core/types";
import type { QuoteFlowEvent } from "../../../engine/react/types";
import { fakeServices, renderFlow } from "./flowHarness";

/**
 * A small flow with every partner step: deals table, marketplace, then contact, upsell and the end. It
 * borrows business energy v1's id and contact step, whose validator the build precompiles.
 */
const partnerFlow: FlowDocument = checkFlow(
  createSchemaCheck(),
  {
    id: "business-energy",
    path: "business-energy",
    version: 1,
    productType: "businessEnergy",
    serviceType: "business-energy",
    title: "Compare broadband deals",
    start: "users",
    steps: [
      {
        id: "users",
        kind: "radio",
        field: "concurrentUsers",
        question: "How many people use the internet at once?",
        options: [
          { value: "1-2", label: "1 or 2" },
          { value: "3-5", label: "3 to 5" },
        ],
        next: "deals",
      },
      { id: "deals", kind: "stickee", question: "Today's broadband deals", deals: "home-broadband", next: "market" },
      {
        id: "market",
        kind: "mmob",
        question: "Compare more offers",
        partner: "Example Market",
        url: "https://market.example.com/embed",
        passFields: ["concurrentUsers", "phone"],
        next: "contact",
      },
      { id: "contact", kind: "form", question: "Who should we call?", fields: ["businessName", "customerName", "phone", "email"], submit: true, submitLabel: "Call me back", next: "more" },
      {
        id: "more",
        kind: "upsell",
        question: "Can we help with anything else?",
        services: [
          { flow: "home-energy", label: "Home energy" },
          { flow: "home-insurance", label: "Home insurance" },
        ],
        next: "done",
      },
      { id: "done", kind: "success" },
    ],
  },
  "tests/unit/react/partnerSteps.test.tsx",
);

async function reachDeals() {
  const visit = renderFlow(partnerFlow);
  await visit.user.click(screen.getByRole("radio", { name: "3 to 5" }));
  await screen.findByRole("heading", { name: "Today's broadband deals" });
  return visit;
}

describe("the deals table", () => {
  it("shows current offers with speed, monthly price and end date, and never one that has expired", async () => {
    await reachDeals();
    const table = await screen.findByRole("table", { name: "Today's broadband deals" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      expect.stringContaining("EE"),
      expect.stringContaining("O2"),
    ]);
    expect(table.textContent).toContain("500 Mbps");
    expect(table.textContent).toContain("£34.99");
    expect(table.textContent).toContain("31 December 2099");
    expect(table.textContent).not.toContain("BT");
  });

  it("links each deal out as a sponsored link in a new tab", async () => {
    await reachDeals();
    const link = await screen.findByRole("link", { name: "See deal: EE Full Fibre 500" });
    expect(link).toHaveProperty("href", "https://partner.example.com/ee-500");
    expect(link.getAttribute("rel")).toBe("sponsored noopener");
    expect(link.getAttribute("target")).toBe("_blank");
  });

  it("still lets the visitor ask for a call back", async () => {
    const { user } = await reachDeals();
    await user.click(await screen.findByRole("button", { name: "Request a call back" }));
    expect(await screen.findByRole("heading", { name: "Compare more offers" })).toBeTruthy();
  });
});

describe("the partner marketplace", () => {
  it("embeds the marketplace with only non-personal answers, with a plain link beside it", async () => {
    const { user } = await reachDeals();
    await user.click(await screen.findByRole("button", { name: "Request a call back" }));
    const frame = await screen.findByTitle("Example Market marketplace");
    const src = new URL(frame.getAttribute("src")!, "https://site.example");
    expect(src.pathname).toBe("/api/marketplace/business-energy/1/market");
    expect(src.searchParams.get("concurrentUsers")).toBe("3-5");
    expect(src.searchParams.has("phone")).toBe(false);
    const link = screen.getByRole("link", { name: "Open the Example Market marketplace in a new tab" });
    expect(link.getAttribute("href")).toBe(frame.getAttribute("src"));
  });
});

describe("the upsell after a lead", () => {
  async function reachUpsell(events: QuoteFlowEvent[] = [], withdrawal: { withdrawUrl?: string } = {}) {
    const services = fakeServices({ leadResponse: { code: "1", leadId: "lead-1", buyers: [{ name: "Fast Fibre Ltd", phone: "0113 496 0001" }], outOfHours: false, ...withdrawal } });
    const visit = renderFlow(partnerFlow, { services, onEvent: (e) => events.push(e) });
    await visit.user.click(screen.getByRole("radio", { name: "1 or 2" }));
    await visit.user.click(await screen.findByRole("button", { name: "Request a call back" }));
    await visit.user.click(await screen.findByRole("button", { name: "Request a call back" }));
    await visit.user.type(await screen.findByLabelText(/^Business name\*?$/), "Acme Lettings");
    await visit.user.type(screen.getByLabelText(/^Full name\*?$/), "Jo Bloggs");
    await visit.user.type(screen.getByLabelText(/^Phone number\*?$/), "020 7946 0000");
    await visit.user.type(screen.getByLabelText(/^Email\*?$/), "jo@example.com");
    await visit.user.click(screen.getByRole("button", { name: "Call me back" }));
    await screen.findByRole("button", { name: "No thanks, I'm done" });
    return { ...visit, services, events };
  }

  it("starts the chosen service's flow with the contact details carried over, and nothing about broadband", async () => {
    const { user, services } = await reachUpsell();
    await user.click(screen.getByRole("button", { name: "Home energy" }));
    expect(services.startedFlows).toEqual([
      { flowId: "home-energy", answers: { businessName: "Acme Lettings", customerName: "Jo Bloggs", phone: "020 7946 0000", email: "jo@example.com" } },
    ]);
  });

  it("ends on the success page with who will call, their number and whether they are open", async () => {
    const { user } = await reachUpsell();
    // The confirmation heads the upsell step and the success step alike.
    const confirmation = "No need to do anything else – we'll be in touch shortly.";
    expect(screen.getByRole("heading", { level: 2, name: confirmation })).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Can we help with anything else?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "No thanks, I'm done" }));
    expect(await screen.findByText(/One specialist partner will be in touch on 020 7946 0000 or at jo@example.com/)).toBeTruthy();
    expect(screen.getByRole("heading", { level: 2, name: confirmation })).toBeTruthy();
    expect(screen.getByRole("link", { name: "0113 496 0001" }).getAttribute("href")).toBe("tel:01134960001");
    expect(screen.getByText("Open now")).toBeTruthy();
  });

  it("gives the visitor the link to withdraw their consent later, when the lead's answer has one", async () => {
    const withdrawUrl = "/consent/rTvHMU28leDHNjxlhsQSFg/withdraw/AAAAAAAAAAAAAAAAAAAAAA/";
    const { user } = await reachUpsell([], { withdrawUrl });
    await user.click(screen.getByRole("button", { name: "No thanks, I'm done" }));
    expect((await screen.findByRole("link", { name: "withdraw my consent" })).getAttribute("href")).toBe(withdrawUrl);
    expect(screen.getByText(/Changed your mind\? Keep this link to withdraw your consent at any time:/)).toBeTruthy();
  });

  it("tells tracking of the start, each step, the submission and the lead, without the visitor's details", async () => {
    const { events } = await reachUpsell();
    expect(events.map((e) => e.type)).toEqual(["step", "start", "step", "step", "step", "submit", "leadSuccess", "step"]);
    const steps = events.flatMap((e) => (e.type === "step" ? [e.stepId] : []));
    expect(steps).toEqual(["users", "deals", "market", "contact", "more"]);
    const trackingOnly = events.filter((e) => e.type !== "leadSuccess");
    expect(JSON.stringify(trackingOnly)).not.toMatch(/Jo Bloggs|020 7946 0000|jo@example.com/);
    expect(events.find((e) => e.type === "submit")).toEqual({ type: "submit", code: "1", manualAddress: false });
  });
});
