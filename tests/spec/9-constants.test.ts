/** SPEC §9: business constants and limits. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { TITLE_LIMIT } from "../../site/config";
import { ANALYTICS_COOKIE, CONSENT_CHOSEN_COOKIE, MARKETING_COOKIE } from "../../engine/core/siteCookies";
import { TRACKING_TTL_MS } from "../../site/tracking/trackingStore";
import buyersSchema from "../../schemas/buyers.schema.json";
import { GUIDES_PER_CATEGORY, GUIDE_CATEGORIES } from "./specTables";
import * as spec from "./specEnumerations";

const stylesDir = new URL("../../site/styles/", import.meta.url);
const styles = readdirSync(stylesDir).map((file) => readFileSync(new URL(file, stylesDir), "utf8"));
const saveConsentSource = readFileSync(new URL("../../site/consent/saveConsent.ts", import.meta.url), "utf8");

describe("§9 constants", () => {
  it("limits a page title to 60 characters", () => {
    expect(TITLE_LIMIT).toBe(spec.TITLE_LIMIT);
  });

  it("lays pages out at the spec's breakpoints only: tablet 768, desktop 1012, wide 1300 (mobile first, from 0)", () => {
    const widths = new Set(styles.flatMap((css) => [...css.matchAll(/@media[^{]*?width:\s*(\d+)px/g)].map((m) => Number(m[1]))));
    expect([...widths].sort((a, b) => a - b)).toEqual([spec.BREAKPOINTS.tablet, spec.BREAKPOINTS.desktop, spec.BREAKPOINTS.wide]);
  });

  it("names the consent cookies as the spec does, with 1 on and 0 off", () => {
    expect([CONSENT_CHOSEN_COOKIE, ANALYTICS_COOKIE, MARKETING_COOKIE]).toEqual([...spec.CONSENT_COOKIES]);
    expect(saveConsentSource).toContain('choice.analytics ? "1" : "0"');
    expect(saveConsentSource).toContain('choice.marketing ? "1" : "0"');
  });

  it("keeps tracking values for 2,592,000,000 ms (30 days)", () => {
    expect(TRACKING_TTL_MS).toBe(spec.TRACKING_TTL_MS);
  });

  it.each(GUIDE_CATEGORIES)("has four guides for %s, which its pages' footer lists", (category) => {
    const guides = readdirSync(new URL(`../../site/content/guides/${category}/`, import.meta.url));
    expect(guides).toHaveLength(GUIDES_PER_CATEGORY);
  });

  it("takes buyer ids 2 to 27", () => {
    const ids = buyersSchema.definitions.buyer.properties.id.enum.map(Number);
    expect([Math.min(...ids), Math.max(...ids)]).toEqual([spec.BUYER_IDS.first, spec.BUYER_IDS.last]);
  });
});
