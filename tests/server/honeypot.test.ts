// @vitest-environment jsdom
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, expect, it } from "vitest";
import type { FlowDocument } from "../../engine/core/types";
import { HONEYPOT_FIELD, Honeypot, readHoneypot } from "../../site/quote/Honeypot";
import { leadEnvelope } from "../../site/quote/leadEnvelope";

const flow = {
  id: "fixture-business-waste",
  path: "fixture-business-waste",
  version: 1,
  productType: "businessWaste",
  serviceType: "business-waste",
  title: "Fixture",
  start: "contact",
  steps: [
    { id: "contact", kind: "form", question: "Your details", fields: ["customerName"], submit: true, next: "done" },
    { id: "done", kind: "success" },
  ],
} as FlowDocument;

afterEach(() => {
  document.body.innerHTML = "";
});

it("draws the honeypot out of sight, out of the tab order, hidden from assistive technology and from autofill", () => {
  document.body.innerHTML = renderToStaticMarkup(createElement(Honeypot));
  const input = document.getElementById(HONEYPOT_FIELD) as HTMLInputElement;
  const wrapper = input.closest("div")!;

  expect(wrapper.getAttribute("aria-hidden")).toBe("true");
  expect(wrapper.style.left).toBe("-10000px");
  expect([input.type, input.name, input.tabIndex, input.getAttribute("autocomplete")]).toEqual(["text", HONEYPOT_FIELD, -1, "off"]);
});

it("sends what a bot typed into the page's honeypot, and nothing when a person left it empty", () => {
  document.body.innerHTML = renderToStaticMarkup(createElement(Honeypot));
  expect(leadEnvelope(flow, { customerName: "Sam" }, { testMode: false })).not.toHaveProperty("honeypot");

  (document.getElementById(HONEYPOT_FIELD) as HTMLInputElement).value = "https://spam.example";

  expect(leadEnvelope(flow, { customerName: "Sam" }, { testMode: false }).honeypot).toBe("https://spam.example");
  expect(readHoneypot()).toBe("https://spam.example");
});
