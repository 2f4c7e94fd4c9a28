// @vitest-environment jsdom
import Cookies from "js-cookie";
import { afterEach, describe, expect, it } from "vitest";
import { PIN_DAYS, pinVersion, pinnedVersion } from "../../../site/quote/versionPin";

const day = 24 * 60 * 60 * 1000;

afterEach(() => {
  localStorage.clear();
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name);
});

describe("pinning a visitor to a flow version", () => {
  it("stores nothing without analytics consent", () => {
    pinVersion("business-energy", 2);
    expect(localStorage.length).toBe(0);
    expect(pinnedVersion("business-energy")).toBeUndefined();
  });

  it(`keeps the version for ${PIN_DAYS} days with analytics consent, then forgets it`, () => {
    Cookies.set("_sp_consent_chosen", "1");
    Cookies.set("_sp_analytics_on", "1");
    const now = Date.UTC(2026, 10, 21);
    pinVersion("business-energy", 2, now);
    expect(pinnedVersion("business-energy", now + 29 * day)).toBe(2);
    expect(pinnedVersion("business-energy", now + 30 * day + 1)).toBeUndefined();
    expect(localStorage.length).toBe(0);
  });

  it("ignores a damaged pin", () => {
    localStorage.setItem("sp:flow-version:business-energy", "{nope");
    expect(pinnedVersion("business-energy")).toBeUndefined();
  });
});
