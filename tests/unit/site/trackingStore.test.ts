// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const ORIGIN = "https://www.switchplan.example";
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 21, 9, 0, 0);
/** Where an earlier release kept every value in one item. */
const LEGACY_STORAGE_KEY = "sp_tracking";

type Store = typeof import("../../../site/tracking/trackingStore");

/** A fresh copy of the store module: its memory is this visit's. */
async function freshStore(): Promise<Store> {
  vi.resetModules();
  return import("../../../site/tracking/trackingStore");
}

function setConsent(marketing: boolean | undefined): void {
  for (const name of ["_sp_consent_chosen", "_sp_analytics_on", "_sp_marketing_on"])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  if (marketing === undefined) return;
  document.cookie = "_sp_consent_chosen=1; path=/";
  document.cookie = "_sp_analytics_on=1; path=/";
  document.cookie = `_sp_marketing_on=${marketing ? "1" : "0"}; path=/`;
}

const arrive = (store: Store, search: string, now: number, referrer = "") =>
  store.captureTracking({ search, referrer, origin: ORIGIN }, now);
/** The value stored under a tracking key's own name (gclid unless given). */
const stored = (key = "gclid") => localStorage.getItem(key);

beforeEach(() => {
  localStorage.clear();
  setConsent(undefined);
  window.dataLayer = [];
});
afterEach(() => setConsent(undefined));

describe("the tracking store", () => {
  it("groups the spec's keys as utm, ads and user, exactly as the lead schema names them", async () => {
    const store = await freshStore();
    arrive(
      store,
      "?utm_source=google&utm_medium=cpc&utm_campaign=spring&utm_content=ad1&gclid=G1&campaignid=11&adgroupid=22&creative=33&matchtype=e&keyword=business+energy&msclkid=M1&fcc=partner7&unrelated=x",
      T0,
    );
    expect(store.readTracking(T0)).toEqual({
      utm: { utm_source: "google", utm_medium: "cpc", utm_campaign: "spring", utm_content: "ad1" },
      ads: { gclid: "G1", campaignid: "11", adgroupid: "22", creative: "33", matchtype: "e", keyword: "business energy", msclkid: "M1", fcc: "partner7" },
      user: {},
    });
  });

  it("takes the referrer from another site, but not from this one", async () => {
    const store = await freshStore();
    arrive(store, "", T0, `${ORIGIN}/business-energy/`);
    expect(store.readTracking(T0).user).toEqual({});
    arrive(store, "", T0, "https://www.bing.com/");
    expect(store.readTracking(T0).user).toEqual({ referrer: "https://www.bing.com/" });
  });

  it("keeps each value for exactly 30 days from when it was captured", async () => {
    const store = await freshStore();
    expect(store.TRACKING_TTL_MS).toBe(2_592_000_000);
    arrive(store, "?gclid=FIRST&utm_source=google", T0);
    arrive(store, "?utm_source=bing", T0 + 10 * DAY);
    expect(store.readTracking(T0 + store.TRACKING_TTL_MS - 1)).toMatchObject({
      ads: { gclid: "FIRST" },
      utm: { utm_source: "google,bing" },
    });
    expect(store.readTracking(T0 + store.TRACKING_TTL_MS)).toEqual({ utm: { utm_source: "bing" }, ads: {}, user: {} });
    expect(store.readTracking(T0 + 10 * DAY + store.TRACKING_TTL_MS)).toEqual({ utm: {}, ads: {}, user: {} });
  });

  it("gathers several utm values into one comma list, each once, oldest first, and refreshes a repeated value's expiry", async () => {
    const store = await freshStore();
    arrive(store, "?utm_source=google", T0);
    arrive(store, "?utm_source=newsletter&utm_source=google", T0 + DAY);
    arrive(store, "?utm_source=bing,newsletter", T0 + 2 * DAY);
    expect(store.readTracking(T0 + 2 * DAY).utm).toEqual({ utm_source: "google,newsletter,bing" });
    // google was seen again on day 1, so it outlives its first capture.
    expect(store.readTracking(T0 + DAY + store.TRACKING_TTL_MS - 1).utm).toEqual({ utm_source: "google,newsletter,bing" });
  });

  it("keeps the latest value of a key that is not a utm key", async () => {
    const store = await freshStore();
    arrive(store, "?gclid=OLD", T0);
    arrive(store, "?gclid=NEW", T0 + DAY);
    expect(store.readTracking(T0 + DAY).ads).toEqual({ gclid: "NEW" });
  });

  it("never sends a value longer than the lead schema allows, keeping the newest utm values that fit", async () => {
    const store = await freshStore();
    arrive(store, `?gclid=${"g".repeat(600)}`, T0);
    for (let i = 0; i < 60; i++) arrive(store, `?utm_campaign=campaign-${String(i).padStart(2, "0")}`, T0 + i);
    const tracking = store.readTracking(T0 + 100);
    expect(tracking.ads?.gclid).toHaveLength(500);
    expect(tracking.utm?.utm_campaign?.length).toBeLessThanOrEqual(500);
    expect(tracking.utm?.utm_campaign?.endsWith("campaign-59")).toBe(true);
  });

  it("without marketing consent keeps the values only in memory, for this visit", async () => {
    setConsent(false);
    const store = await freshStore();
    arrive(store, "?gclid=G1", T0);
    expect(stored()).toBeNull();
    expect(store.readTracking(T0).ads).toEqual({ gclid: "G1" });

    const nextVisit = await freshStore();
    expect(nextVisit.readTracking(T0).ads).toEqual({});
  });

  it("before any choice stores nothing, and moves the visit's values into localStorage once marketing is allowed", async () => {
    const store = await freshStore();
    arrive(store, "?utm_source=google&gclid=G1", T0);
    expect(stored()).toBeNull();

    setConsent(true);
    store.applyConsent(true, T0);
    expect(JSON.parse(stored("gclid")!)).toEqual([{ value: "G1", expires: T0 + store.TRACKING_TTL_MS }]);
    expect(JSON.parse(stored("utm_source")!)).toEqual([{ value: "google", expires: T0 + store.TRACKING_TTL_MS }]);

    const nextVisit = await freshStore();
    expect(nextVisit.readTracking(T0 + DAY)).toMatchObject({ utm: { utm_source: "google" }, ads: { gclid: "G1" } });
  });

  it("with marketing consent adds a later visit's values to those stored", async () => {
    setConsent(true);
    arrive(await freshStore(), "?utm_source=google", T0);
    const later = await freshStore();
    arrive(later, "?utm_source=bing&msclkid=M9", T0 + DAY);
    expect(later.readTracking(T0 + DAY)).toMatchObject({ utm: { utm_source: "google,bing" }, ads: { msclkid: "M9" } });
  });

  it("removes the stored values when marketing consent is withdrawn, keeping them in memory for this visit", async () => {
    setConsent(true);
    const store = await freshStore();
    arrive(store, "?gclid=G1", T0);
    expect(stored()).not.toBeNull();

    setConsent(false);
    store.applyConsent(false, T0);
    expect(stored()).toBeNull();
    expect(store.readTracking(T0).ads).toEqual({ gclid: "G1" });
  });

  it("ignores stored data it cannot read", async () => {
    setConsent(true);
    localStorage.setItem("gclid", JSON.stringify("not a list"));
    localStorage.setItem("utm_source", JSON.stringify([{ value: 1 }]));
    localStorage.setItem("utm_medium", "{not json");
    const store = await freshStore();
    expect(store.readTracking(T0)).toEqual({ utm: {}, ads: {}, user: {} });
  });

  it("takes over the values an earlier release stored in one item, and removes that item", async () => {
    setConsent(true);
    localStorage.setItem(LEGACY_STORAGE_KEY, JSON.stringify({ gclid: [{ value: "G0", expires: T0 + DAY }] }));
    const store = await freshStore();
    expect(store.readTracking(T0).ads).toEqual({ gclid: "G0" });
    expect(localStorage.getItem(LEGACY_STORAGE_KEY)).toBeNull();
  });

  it("tells the data layer the msclkid the address carried (user_query_params)", async () => {
    const store = await freshStore();
    arrive(store, "?msclkid=M1&utm_source=bing&postcode=LS1", T0, "https://www.bing.com/");
    expect(window.dataLayer).toEqual([{ event: "user_query_params", msclkid: "M1" }]);
    arrive(store, "", T0);
    expect(window.dataLayer).toHaveLength(1);
  });
});
