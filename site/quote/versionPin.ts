/**
 * Keeps a visitor on the version of a flow they were first shown, for 30 days, when they have allowed
 * analytics (the pin exists to measure versions fairly). Without that consent nothing is stored.
 */
import { hasAnalyticsConsent } from "../consent/consentState";

/** How long a visitor stays on the version they drew. */
export const PIN_DAYS = 30;
const PIN_MS = PIN_DAYS * 24 * 60 * 60 * 1000;

const key = (flowId: string) => `sp:flow-version:${flowId}`;

/** The version this browser was pinned to for a flow, while the pin lasts. */
export function pinnedVersion(flowId: string, now: number = Date.now()): number | undefined {
  try {
    const pin = JSON.parse(localStorage.getItem(key(flowId)) ?? "null") as { version?: unknown; expires?: unknown } | null;
    if (typeof pin?.version === "number" && typeof pin.expires === "number" && pin.expires > now) return pin.version;
    if (pin) localStorage.removeItem(key(flowId));
  } catch {
    localStorage.removeItem(key(flowId));
  }
  return undefined;
}

/** Pins a drawn version for 30 days, only with analytics consent. */
export function pinVersion(flowId: string, version: number, now: number = Date.now()): void {
  if (!hasAnalyticsConsent()) return;
  localStorage.setItem(key(flowId), JSON.stringify({ version, expires: now + PIN_MS }));
}
