// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { LoansQuickStart } from "../../../site/components/LoansQuickStart";
import { QuickStart } from "../../../site/components/QuickStart";
import type { QuickStartSpec } from "../../../site/content/types";

function Arrived() {
  const { pathname, search } = useLocation();
  return <p data-testid="arrived">{pathname + search}</p>;
}

/** Renders a quick-start box on a page, and where its submission leads. */
function renderBox(spec: QuickStartSpec) {
  render(
    <MemoryRouter initialEntries={["/landing/"]}>
      <Routes>
        <Route path="/landing/" element={<QuickStart spec={spec} />} />
        <Route path="*" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
  return userEvent.setup();
}

afterEach(cleanup);

const arrivedAt = () => screen.getByTestId("arrived").textContent;

describe("the quick-start boxes", () => {
  it("takes a postcode to its service's quote page, as a plain GET form that also works without scripts", async () => {
    const user = renderBox({ kind: "postcode", flow: "business-water", placeholder: "Enter your business postcode..." });
    const box = screen.getByRole("textbox", { name: "Postcode" });
    expect(box.getAttribute("placeholder")).toBe("Enter your business postcode...");
    expect(box.closest("form")?.getAttribute("action")).toBe("/quote/business-water/");
    expect(box.closest("form")?.getAttribute("method")).toBe("get");
    await user.type(box, " ls1 4dy ");
    await user.click(screen.getByRole("button", { name: "Get a quote" }));
    expect(arrivedAt()).toBe("/quote/business-water/?postcode=ls1+4dy");
  });

  it("asks for a postcode before it moves on", async () => {
    renderBox({ kind: "postcode", flow: "home-energy", placeholder: "Enter your postcode..." });
    expect(screen.getByRole("textbox", { name: "Postcode" }).hasAttribute("required")).toBe(true);
  });

  it("goes straight to the chosen quote page with its service type (Business or Non-Business for insurance)", async () => {
    const user = renderBox({
      kind: "serviceType",
      question: "Who is the insurance for?",
      business: "business-insurance",
      other: "home-insurance",
      otherLabel: "Non-Business",
    });
    expect(screen.getByRole("group", { name: "Who is the insurance for?" })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("radio", { name: "Business" }).checked).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Non-Business" }));
    await user.click(screen.getByRole("button", { name: "Get a quote" }));
    expect(arrivedAt()).toBe("/quote/home-insurance/?serviceType=home-insurance");
  });

  it.each([
    ["Yes", "yes"],
    ["No", "no"],
  ])("answers 'Do you currently accept card payments?' with %s in one tap", async (label, value) => {
    const user = renderBox({ kind: "cardPayments", flow: "take-card-payments/barclaycard" });
    expect(screen.getByRole("form", { name: "Do you currently accept card payments?" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: label }));
    expect(arrivedAt()).toBe(`/quote/take-card-payments/barclaycard/?currentlyAcceptsCardPayments=${value}`);
  });

  it("starts the insurance quote with nothing to fill in", async () => {
    const user = renderBox({ kind: "start", flow: "business-insurance", label: "Get an insurance quote" });
    await user.click(screen.getByRole("link", { name: "Get an insurance quote" }));
    expect(arrivedAt()).toBe("/quote/business-insurance/");
  });

  it("sends business-loan visitors to the lending partner in a new tab, marked as sponsored", () => {
    render(<LoansQuickStart partnerUrl="https://loans.example/apply" label="Check loan rates" />);
    const link = screen.getByRole("link", { name: /Check loan rates/ });
    expect(link.getAttribute("href")).toBe("https://loans.example/apply");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("sponsored noopener noreferrer");
  });
});
