// @vitest-environment jsdom
/** SPEC §7: calls it makes: the tag-manager scripts and every data-layer event with its payload keys. */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { FlowDocument } from "../../engine/core/types";
import type { QuoteFlowEvent } from "../../engine/react/types";
import { tagManagerSnippet } from "../../site/build/tagManagerPlugin";
import { dataLayerListener } from "../../site/quote/flowEvents";
import { testVisitFromQuery } from "../../site/tracking/dataLayer";
import { captureTracking } from "../../site/tracking/trackingStore";
import * as spec from "./specEnumerations";

const flow = JSON.parse(readFileSync("forms/business-energy/v1.json", "utf8")) as FlowDocument;

/** One engine event of each kind, as the quote page's renderer emits them. */
const ENGINE_EVENTS: QuoteFlowEvent[] = [
  { type: "start" },
  { type: "step", stepId: "spend", history: ["utility"], manualAddress: false },
  { type: "serviceTypeChosen", serviceType: "business-water" },
  { type: "submit", code: "1", manualAddress: true },
  {
    type: "leadSuccess",
    result: { code: "1", leadId: "lead-1", outOfHours: false, buyers: [{ name: "Bionic", phone: "0808 157 0102" }] },
    answers: { email: "jo@example.com" },
    manualAddress: true,
  },
];

/** The data layer's event objects once the quote page's listener has heard every engine event. */
let pushed: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  window.dataLayer = [];
  const listen = dataLayerListener(flow);
  for (const event of ENGINE_EVENTS) listen(event);
  // lead_success waits for the e-mail's hash.
  await vi.waitFor(() => expect(window.dataLayer).toContainEqual(expect.objectContaining({ event: "lead_success" })));
  pushed = [...(window.dataLayer as Array<Record<string, unknown>>)];
});

describe("§7 the scripts it loads", () => {
  it("loads Tag Manager, which brings the web analytics, from the configured container", () => {
    expect(tagManagerSnippet("GTM-AB12CD3")).toContain("googletagmanager.com/gtm.js");
  });

  it("reads test mode from the query (tm)", () => {
    expect(testVisitFromQuery(new URLSearchParams("tm=1"))).toBe(true);
    expect(testVisitFromQuery(new URLSearchParams(""))).toBeUndefined();
  });
});

describe("§7 data-layer events", () => {
  it.each(spec.DATA_LAYER_EVENTS.filter(([name]) => name !== "user_query_params"))("pushes %s with the keys %j", (name, keys) => {
    const events = pushed.filter((entry) => entry.event === name);
    expect(events).toHaveLength(1);
    expect(Object.keys(events[0]!).filter((key) => key !== "event").sort()).toEqual([...keys].sort());
  });

  it("uses only the spec's lead tracking fields as payload keys", () => {
    const keys = new Set(pushed.flatMap((entry) => Object.keys(entry).filter((key) => key !== "event")));
    expect((spec.LEAD_TRACKING_FIELDS as readonly string[])).toEqual(expect.arrayContaining([...keys]));
  });

  it("sends the e-mail only as its SHA-256, never as written", () => {
    const lead = pushed.find((entry) => entry.event === "lead_success")!;
    expect(lead.form_email).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(pushed)).not.toContain("jo@example.com");
  });

  it("pushes user_query_params with the msclkid an arrival carries", () => {
    window.dataLayer = [];
    captureTracking({ search: "?msclkid=M1&utm_source=google", referrer: "", origin: "https://site.example" });
    const pushed = (window.dataLayer as Array<Record<string, unknown>>).filter((entry) => entry.event === "user_query_params");
    const [, keys] = spec.DATA_LAYER_EVENTS.find(([name]) => name === "user_query_params")!;
    expect(pushed.map((entry) => Object.keys(entry).filter((key) => key !== "event"))).toEqual([[...keys]]);
  });
});
