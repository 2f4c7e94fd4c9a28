/**
 * First-party campaign attribution: the spec's tracking keys, captured from the landing URL's query and the
 * referring site, each kept for 30 days. With marketing consent they live in localStorage, each under its own
 * key as the spec names it (so a lead sent on a later visit is still attributed); without it only in memory,
 * for this visit. `readTracking()` gives them
 * grouped as the lead envelope's `tracking` (schemas/lead.schema.json).
 */
import type { ConsentChoice } from "../../engine/core/siteCookies";
import type { Tracking } from "../../schemas/generated/lead";
import { CONSENT_EVENT, hasMarketingConsent } from "../consent/consentState";
import { pushDataLayer } from "./dataLayer";
import { whenIdle } from "../whenIdle";

export type { Tracking };

/** Each key's group in the lead envelope. */
const KEY_GROUPS = {
  utm_source: "utm",
  utm_medium: "utm",
  utm_campaign: "utm",
  utm_content: "utm",
  gclid: "ads",
  campaignid: "ads",
  adgroupid: "ads",
  creative: "ads",
  matchtype: "ads",
  keyword: "ads",
  msclkid: "ads",
  fcc: "ads",
  referrer: "user",
} as const satisfies Record<string, keyof Tracking>;

type TrackingKey = keyof typeof KEY_GROUPS;
const TRACKING_KEYS = Object.keys(KEY_GROUPS) as TrackingKey[];

/** How long a captured value is kept: 30 days. */
export const TRACKING_TTL_MS = 2_592_000_000;
/** Where an earlier release kept every key in one localStorage item; read once, then removed. */
const LEGACY_STORAGE_KEY = "sp_tracking";
/** The lead schema's longest tracking value. */
const MAX_LENGTH = 500;

interface Entry {
  value: string;
  expires: number;
}
/** Per key, its values oldest first: utm keys gather several (de-duplicated), the others keep the latest. */
type Store = Partial<Record<TrackingKey, Entry[]>>;

/** When removing values kept without consent runs: now, or later (`whenIdle`). */
type Tidy = (work: () => void) => void;
const runNow: Tidy = (work) => work();

/** This visit's values; the whole store when there is no marketing consent, a copy of localStorage when there is. */
let memory: Store = {};

/** What an arrival carries: the page's query, and the referring page's address. */
export interface Arrival {
  search: string;
  referrer: string;
  /** This site's origin: a referrer from it is ordinary navigation, not a source. */
  origin: string;
}

/**
 * Records the tracking keys of an arrival, each expiring 30 days from `now`, and pushes `user_query_params`
 * with the msclkid the query carried. Without marketing consent, values kept in localStorage are removed by `tidy`.
 */
export function captureTracking({ search, referrer, origin }: Arrival, now = Date.now(), { tidy = runNow }: { tidy?: Tidy } = {}): void {
  const params = new URLSearchParams(search);
  const store = load(now);
  for (const key of TRACKING_KEYS) {
    const values = params.getAll(key).flatMap((v) => (KEY_GROUPS[key] === "utm" ? v.split(",") : [v]));
    for (const value of values.map((v) => v.trim().slice(0, MAX_LENGTH)).filter(Boolean)) {
      record(store, key, value, now + TRACKING_TTL_MS);
    }
  }
  if (!params.has("referrer") && isOtherSite(referrer, origin))
    record(store, "referrer", referrer.slice(0, MAX_LENGTH), now + TRACKING_TTL_MS);
  save(store, tidy);
  const msclkid = params.get("msclkid")?.trim();
  if (msclkid) pushDataLayer("user_query_params", { msclkid: msclkid.slice(0, MAX_LENGTH) });
}

/** The unexpired values grouped as the lead envelope's `tracking`; several utm values as a comma list. */
export function readTracking(now = Date.now()): Tracking {
  const store = load(now);
  const tracking = { utm: {}, ads: {}, user: {} } as Required<Pick<Tracking, "utm" | "ads" | "user">>;
  for (const key of TRACKING_KEYS) {
    const values = store[key]?.map((entry) => entry.value);
    if (values?.length) (tracking[KEY_GROUPS[key]] as Record<string, string>)[key] = newestWithin(values, MAX_LENGTH);
  }
  return tracking;
}

/** After a consent choice: keep the values in localStorage when marketing is allowed; otherwise only in memory. */
export function applyConsent(marketing: boolean, now = Date.now()): void {
  memory = prune(memory, now);
  if (marketing) writeStorage(memory);
  else removeStorage();
}

/**
 * Captures this page's arrival and follows the visitor's consent choices from now on. Without marketing consent,
 * values an earlier visit kept in localStorage are removed once the page is quiet (a first use of localStorage can
 * hold a phone's main thread while the page starts).
 */
export function startTracking(): void {
  captureTracking({ search: location.search, referrer: document.referrer, origin: location.origin }, Date.now(), { tidy: whenIdle });
  window.addEventListener(CONSENT_EVENT, (event) => applyConsent((event as CustomEvent<ConsentChoice>).detail.marketing));
}

function record(store: Store, key: TrackingKey, value: string, expires: number): void {
  if (KEY_GROUPS[key] !== "utm") {
    store[key] = [{ value, expires }];
    return;
  }
  const entries = (store[key] ??= []);
  const known = entries.find((entry) => entry.value === value);
  if (known) known.expires = expires;
  else entries.push({ value, expires });
}

/** The newest values that fit in `limit` characters, as a comma list, oldest first. */
function newestWithin(values: string[], limit: number): string {
  let joined = values.at(-1)!;
  for (let i = values.length - 2; i >= 0 && values[i]!.length + 1 + joined.length <= limit; i--) joined = `${values[i]},${joined}`;
  return joined;
}

function isOtherSite(referrer: string, origin: string): boolean {
  try {
    return new URL(referrer).origin !== origin;
  } catch {
    return false;
  }
}

/** With consent, localStorage is the record (another tab may have added to it); without, this page's memory. */
function load(now: number): Store {
  memory = prune(hasMarketingConsent() ? readStorage() : memory, now);
  return memory;
}

function save(store: Store, tidy: Tidy = runNow): void {
  memory = store;
  if (hasMarketingConsent()) writeStorage(store);
  // Asked again when the removal runs: marketing allowed in between keeps what the choice stored.
  else
    tidy(() => {
      if (!hasMarketingConsent()) removeStorage();
    });
}

function prune(store: Store, now: number): Store {
  const kept: Store = {};
  for (const key of TRACKING_KEYS) {
    const entries = store[key];
    const live = Array.isArray(entries) ? entries.filter((entry) => typeof entry?.value === "string" && entry.expires > now) : [];
    if (live.length > 0) kept[key] = live;
  }
  return kept;
}

function readStorage(): Store {
  const store: Store = readLegacyStorage();
  for (const key of TRACKING_KEYS) {
    try {
      const entries = JSON.parse(localStorage.getItem(key) ?? "null") as Entry[] | null;
      if (Array.isArray(entries)) store[key] = entries;
    } catch {
      // A value another script wrote under the same key: not ours, left out.
    }
  }
  return store;
}

function readLegacyStorage(): Store {
  try {
    const stored = JSON.parse(localStorage.getItem(LEGACY_STORAGE_KEY) ?? "{}") as Store;
    localStorage.removeItem(LEGACY_STORAGE_KEY);
    return typeof stored === "object" && stored !== null ? stored : {};
  } catch {
    return {};
  }
}

function writeStorage(store: Store): void {
  try {
    for (const key of TRACKING_KEYS) {
      const entries = store[key];
      if (entries) localStorage.setItem(key, JSON.stringify(entries));
      else localStorage.removeItem(key);
    }
  } catch {
    // Storage full or blocked: the values stay in memory for this visit.
  }
}

function removeStorage(): void {
  try {
    for (const key of [...TRACKING_KEYS, LEGACY_STORAGE_KEY]) localStorage.removeItem(key);
  } catch {
    // Storage blocked: nothing was stored.
  }
}
