// @vitest-environment jsdom
/** A quote page never ends in a blank page: whatever a step throws while drawing, the visitor reads what to do. */
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import type { FlowDocument } from "../../../engine/core/types";
import { QuoteFlow } from "../../../engine/react/QuoteFlow";
import { QuoteErrorBoundary } from "../../../site/quote/QuoteErrorBoundary";
import { businessEnergyV1, fakeServices, tapOption } from "../react/flowHarness";

/** business-energy v1 as a server started without the checks might hold it: the fuel question leads nowhere real. */
const broken = { ...businessEnergyV1, steps: businessEnergyV1.steps.map((s) => (s.id === "utility" ? { ...s, next: "spnd" } : s)) } as FlowDocument;

it("shows the specification's message, a way to try again and our address when a step cannot be drawn", async () => {
  vi.spyOn(console, "error").mockImplementation(() => {});
  const user = userEvent.setup();
  render(
    <QuoteErrorBoundary>
      <QuoteFlow flow={broken} services={fakeServices()} />
    </QuoteErrorBoundary>,
  );

  await tapOption(user, "Electricity");

  expect(screen.getByRole("heading", { level: 1, name: "Something has gone wrong. Please try again." })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("./");
  expect(screen.getByRole("link", { name: /@/ }).getAttribute("href")).toMatch(/^mailto:.+@.+/);
  expect(console.error).toHaveBeenCalledWith("The quote form could not be drawn:", expect.any(Error), expect.any(String));
});

it("draws the flow as usual when nothing goes wrong", () => {
  render(
    <QuoteErrorBoundary>
      <QuoteFlow flow={businessEnergyV1} services={fakeServices()} />
    </QuoteErrorBoundary>,
  );
  expect(screen.getByRole("heading", { level: 2, name: "Which do you need a quote for?" })).toBeTruthy();
});
