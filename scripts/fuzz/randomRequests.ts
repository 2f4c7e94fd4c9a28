/**
 * One random request to a public endpoint: a good, garbled, oversized or missing body; a real, swapped, forged,
 * truncated or re-signed cookie; a right, wrong or missing Origin and Host; a random `?v=`. Sent from a small pool
 * of client addresses, so the default limits are leaned on (many of these are answered 429, as they should be).
 */
import { randomBytes } from "node:crypto";
import { QUOTE_COOKIE, VISIT_COOKIE, type Ledger } from "./ledger";
import type { FuzzRequest } from "./loopback";
import { BROWSER_AGENT, contactOf, ENERGY_PAGE, ENERGY_STEPS } from "./plainVisitor";
import { businessEnergyV1Answers } from "../support/sampleLead";

/** What the mix draws from: the site's origin, pages of the built site, and each flow's path and steps. */
export interface MixContext {
  ledger: Ledger;
  origin: string;
  staticPages: string[];
  flows: Array<{ path: string; id: string; steps: string[] }>;
  next(): number;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const chance = (p: number) => Math.random() < p;
const junk = (bytes: number) => randomBytes(bytes).toString(pick(["hex", "base64", "latin1"] as const));

/** The mix's client addresses: few, so limits bite; now and then a garbled forwarded header. */
function clientAddress(): string {
  if (chance(0.02)) return pick(["unknown", "1.2.3.4, 5.6.7.8", "::1", "999.1.1.1", "x".repeat(300), "", "2001:db8::7"]);
  return `198.51.100.${1 + Math.floor(Math.random() * 24)}`;
}

/** A cookie header: none, a real one, or one swapped, truncated, re-signed or made up. */
function cookieHeader(ledger: Ledger): string | undefined {
  const visit = pick(ledger.pool.get(VISIT_COOKIE)!.length ? ledger.pool.get(VISIT_COOKIE)! : ["x.y"]);
  const quote = pick(ledger.pool.get(QUOTE_COOKIE)!.length ? ledger.pool.get(QUOTE_COOKIE)! : ["x.y"]);
  const resigned = (raw: string) => {
    const value = decodeURIComponent(raw);
    const dot = value.lastIndexOf(".");
    return encodeURIComponent(`${randomBytes(16).toString("base64url")}${value.slice(dot)}`);
  };
  return pick([
    undefined,
    `${VISIT_COOKIE}=${visit}`,
    `${QUOTE_COOKIE}=${quote}`,
    `${VISIT_COOKIE}=${visit}; ${QUOTE_COOKIE}=${quote}`,
    `${QUOTE_COOKIE}=${visit}`,
    `${VISIT_COOKIE}=${quote}`,
    `${VISIT_COOKIE}=${quote}; ${QUOTE_COOKIE}=${visit}`,
    `${VISIT_COOKIE}=${visit.slice(0, Math.floor(visit.length / 2))}`,
    `${QUOTE_COOKIE}=${quote.slice(0, -3)}`,
    `${VISIT_COOKIE}=${resigned(visit)}`,
    `${QUOTE_COOKIE}=${resigned(quote)}`,
    `${QUOTE_COOKIE}=${encodeURIComponent(`${junk(16)}.${junk(32)}`)}`,
    `${VISIT_COOKIE}=${visit}; ${VISIT_COOKIE}=${quote}`,
    `${QUOTE_COOKIE}=${"a".repeat(5000)}`,
    "%%%; =; ;;",
  ]);
}

/** Origin and Host: mostly the site's own, else another site's, a garbled or a missing one. */
function originHeaders(origin: string): Record<string, string> {
  const host = new URL(origin).host;
  return {
    ...(chance(0.8) ? { origin } : chance(0.5) ? { origin: pick(["https://evil.example", "null", "http://127.0.0.1", "not a url", `${origin}.evil.example`]) } : {}),
    ...(chance(0.85) ? { host } : { host: pick(["evil.example", "", "localhost:1", "a".repeat(300), `${host}:80`]) }),
  };
}

/** A `?v=` value: a version, a number out of range, or anything. */
function versionValue(): string {
  return pick([String(1 + Math.floor(Math.random() * 3)), String(Math.floor(Math.random() * 1e6)), "-1", "0", "1e3", "", junk(1 + Math.floor(Math.random() * 10)), "1&v=2"]);
}

/** A body: good (from `good`), garbled, oversized, empty or missing; with its content type, sometimes the wrong one. */
function bodyOf(good: () => string, type: string): { body?: string | Buffer; type?: string } {
  const shape = pick(["good", "good", "good", "garbled", "oversized", "empty", "missing", "wrong type", "binary"] as const);
  if (shape === "good") return { body: good(), type };
  if (shape === "garbled") return { body: good().slice(0, Math.floor(Math.random() * good().length)) + junk(8), type };
  if (shape === "oversized") return { body: good() + "x".repeat(pick([17_000, 70_000, 1_100_000])), type };
  if (shape === "empty") return { body: "", type };
  if (shape === "wrong type") return { body: good(), type: pick(["text/plain", "application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"]) };
  if (shape === "binary") return { body: randomBytes(256), type };
  return {};
}

const json = (value: unknown) => JSON.stringify(value);

/** Builds one random request and its kind (for the counts). */
function randomRequest(c: MixContext): [kind: string, req: FuzzRequest, body?: { good: () => string; type: string }] {
  const flow = pick(c.flows);
  const n = c.next();
  const lead = () => json({ flowId: "business-energy", version: 1, answers: { ...businessEnergyV1Answers, ...contactOf(n) }, contactConsent: { wording: "Fuzz consent" }, ...(chance(0.5) ? { submissionKey: `fuzz-${n}-${"m".repeat(10)}` } : {}), ...(chance(0.2) ? { startToken: junk(20) } : {}) });
  const step = pick(ENERGY_STEPS);
  const form = () => new URLSearchParams({ _step: chance(0.8) ? step[0] : junk(4), _rev: chance(0.8) ? String(Math.floor(Math.random() * 8)) : junk(3), ...(chance(0.8) ? step[1] : { ...contactOf(n), company_website: "" }) }).toString();
  const from = clientAddress();
  const get = (kind: string, path: string): [string, FuzzRequest] => [kind, { method: "GET", path, from }];
  const post = (kind: string, path: string, good: () => string, type: string): [string, FuzzRequest, { good: () => string; type: string }] => [kind, { method: "POST", path, from }, { good, type }];
  const which = pick([
    () => get("GET static page", pick(c.staticPages)),
    () => get("GET missing page", pick(["/no-such-page/", "/..%2f..%2fetc/passwd", `/${encodeURIComponent(junk(12))}`, `/${"a/".repeat(200)}`, "/quote/no-such-flow/", "/%00", "/assets/../../package.json"])),
    () => get("GET quote page", `${flow.path}${chance(0.7) ? `?v=${encodeURIComponent(versionValue())}` : ""}`),
    () => get("GET drawn step", `${flow.path}?v=${encodeURIComponent(versionValue())}&step=${encodeURIComponent(chance(0.8) ? pick(flow.steps) : junk(6))}`),
    () => post("POST quote step", `${chance(0.7) ? ENERGY_PAGE : flow.path}${chance(0.5) ? `?v=${encodeURIComponent(versionValue())}&step=${step[0]}` : ""}`, form, "application/x-www-form-urlencoded"),
    () => post("POST /api/leads", "/api/leads", lead, "application/json"),
    () => post("POST /api/events", "/api/events", () => json({ flowId: flow.id, version: Number(versionValue()) || 1, stepId: chance(0.8) ? pick(flow.steps) : junk(5) }), "application/json"),
    () => post("POST /api/consent", `/api/consent${chance(0.3) ? `?return=${encodeURIComponent(pick(["/", "//evil.example", "https://evil.example/", junk(10)]))}` : ""}`, () => new URLSearchParams({ choice: pick(["accept", "reject", "save", junk(3)]), analytics: pick(["1", "0", ""]), marketing: "1", return: pick(["/", "/quote/business-energy/", "//evil.example", "javascript:alert(1)"]) }).toString(), "application/x-www-form-urlencoded"),
    () => post("POST /api/newsletter", "/api/newsletter", () => json({ email: chance(0.8) ? `fuzz-news${n}@example.com` : junk(10), consentText: "Send me the newsletter", ...(chance(0.1) ? { honeypot: "x" } : {}) }), "application/json"),
    () => get("GET /api/addresses", `/api/addresses${pick(["?postcode=LS1%204DY", "?postcode=SW1A%201AA", `?postcode=${encodeURIComponent(junk(9))}`, "?postcode=a&postcode=b", "", `?postcode=${"Z".repeat(5000)}`])}`),
    () => get("GET /api/quote-version", `/api/quote-version?flow=${chance(0.8) ? flow.id : encodeURIComponent(junk(6))}${chance(0.6) ? `&v=${encodeURIComponent(versionValue())}` : ""}${chance(0.1) ? "&tm=1" : ""}`),
    () => get("GET /api/start-token", "/api/start-token"),
    () => get("GET /api/health", "/api/health"),
    () => post("POST /analysts/sign-in", "/analysts/sign-in", () => new URLSearchParams({ name: pick(["jo", junk(6), ""]), password: junk(14), return: pick(["/analysts/flows/", "//evil.example", junk(10)]) }).toString(), "application/x-www-form-urlencoded"),
    () => get("GET other API", pick(["/api/partners?service=energy", `/api/partners?service=${junk(4)}`, "/api/consent/no-script.css", "/analysts/flows/", "/analysts/flows/business-energy-v1.svg", `/analysts/sign-in?return=${encodeURIComponent(junk(8))}`, "/dev/flows/", `/api/marketplace/${flow.id}/1/${pick(flow.steps)}`, "/api/leads", "/api/nothing"])),
  ]);
  return which();
}

/** Sends one random request. */
export async function sendRandom(c: MixContext): Promise<void> {
  const [kind, req, body] = randomRequest(c);
  const cookie = cookieHeader(c.ledger);
  const headers: Record<string, string> = { "user-agent": chance(0.9) ? BROWSER_AGENT : pick(["curl/8.5.0", "Googlebot/2.1", ""]), ...(cookie ? { cookie } : {}) };
  if (req.method === "POST") {
    const { body: sent, type } = bodyOf(body!.good, body!.type);
    Object.assign(headers, originHeaders(c.origin), type ? { "content-type": type } : {});
    if (sent !== undefined) req.body = sent;
  } else if (chance(0.1)) {
    Object.assign(headers, originHeaders(c.origin));
  }
  await c.ledger.hit(kind, { ...req, headers });
}
