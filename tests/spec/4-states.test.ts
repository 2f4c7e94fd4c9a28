/** SPEC §4: states and transitions: the cookie consent's cookies, events and defaults, and the lead response codes. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import leadSchema from "../../schemas/lead.schema.json";
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE } from "../../engine/core/siteCookies";
import { CONSENT_EVENT } from "../../site/consent/consentState";
import * as spec from "./specEnumerations";

const template = readFileSync(new URL("../../site/index.html", import.meta.url), "utf8");
const saveConsentSource = readFileSync(new URL("../../site/consent/saveConsent.ts", import.meta.url), "utf8");
const siteCss = readFileSync(new URL("../../site/styles/site.css", import.meta.url), "utf8");

describe("§4 cookie consent", () => {
  it("shows the banner with Accept, Reject and Customise, in that order", () => {
    const buttons = [...template.matchAll(/data-consent-action="\w+">([^<]+)</g)].map((m) => m[1]);
    expect(buttons).toEqual([...spec.CONSENT_BANNER_BUTTONS]);
  });

  it("keys the banner on the consent-chosen cookie, and records the choice in the spec's three cookies", () => {
    expect([CONSENT_CHOSEN_COOKIE, ANALYTICS_COOKIE, MARKETING_COOKIE]).toEqual([...spec.CONSENT_COOKIES]);
    expect(template).toContain(`on("${CONSENT_CHOSEN_COOKIE}")`);
  });

  it("starts Tag Manager's consent denied for ad storage, ad user data, ad personalization and analytics storage", () => {
    const defaults = /gtag\("consent", "default", (\{[^}]+\})\)/.exec(template)?.[1];
    expect(defaults && JSON.parse(defaults.replace(/(\w+):/g, '"$1":'))).toEqual(spec.CONSENT_MODE_DEFAULTS);
  });

  it("fires cookieConsentChosen in the page and cookie_consent_chosen to Tag Manager", () => {
    expect(CONSENT_EVENT).toBe(spec.CONSENT_EVENTS.page);
    expect(saveConsentSource).toContain(`pushDataLayer("${spec.CONSENT_EVENTS.tagManager}"`);
  });

  it("offsets the banner 20 px from the edges of the window", () => {
    const banner = /\.consent-banner \{([^}]+)\}/.exec(siteCss)?.[1] ?? "";
    for (const edge of ["left", "right", "bottom"]) expect(banner).toContain(`${edge}: ${spec.BANNER_OFFSET_PX}px;`);
  });
});

describe("§4 lead submission response codes", () => {
  it("are the spec's strings, no more and no fewer", () => {
    expect(leadSchema.definitions.responseCode.enum).toEqual(spec.RESPONSE_CODES.map(([code]) => code));
  });

  it.each(spec.RESPONSE_CODES)("documents %s as %s for operators", (code, meaning) => {
    const operators = readFileSync(new URL("../../docs/operators.md", import.meta.url), "utf8");
    const row = operators.split("\n").find((line) => line.startsWith(`| ${code} |`));
    expect(row, `docs/operators.md has a row for ${code}`).toBeDefined();
    expect(row).toContain(`| ${code} | ${meaning}`);
  });
});
