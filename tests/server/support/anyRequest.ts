/**
 * Requests of any shape for a route, as fast-check arbitraries: its path with parameters filled in (real names and
 * junk), a query string with repeated keys, list-like names and odd encodings, headers a browser, a bot or a script
 * might send, and a body of any kind: JSON of any shape (nested up to what 64 kB holds), the site's own bodies with
 * any part changed, forms with repeated fields, or bytes that are neither.
 */
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { BROWSER_AGENT } from "./quoteVisits";

/** What only the app knows, so that requests reach past its first checks: its names, cookies and good bodies. */
export interface KnownValues {
  siteOrigin: string;
  /** Whole `name=value` cookies: a visit's, a quote session's, a signed-in analyst's. */
  cookies: string[];
  /** Real names for query values and path parameters: flows, steps, versions. */
  words: string[];
  /** Good values of a path parameter by its name (`flowId`), and of a route's `*` by the route (`/quote/*`). */
  params: Record<string, string[]>;
  /** Query parameters the routes read, with good values (`flow=business-water`). */
  queryPairs: string[];
  /** JSON bodies a route takes, by route (a lead, a step beacon, a sign-up), changed in one part at a time. */
  bodies: Record<string, Array<Record<string, unknown>>>;
  /** Form bodies a route takes, by route (a quote step, a choice of cookies, a sign-in), with fields added to them. */
  forms: Record<string, string[]>;
}

/** One route of the app, as its onRoute hook reported it. */
export interface RegisteredRoute {
  method: string;
  url: string;
}

/** Visible ASCII, as an HTTP header value or a hand-typed address may hold. */
const visible = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 40 });
/** Any UTF-16 code unit, lone surrogates and control characters included. */
const anyText = fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength: 30 });
/** Pieces written into a query or path as they are, not encoded: escapes that are broken, half or overlong. */
const rawPiece = fc.constantFrom("%", "%2", "%zz", "%FF", "%C0%AF", "%E0%A4%A", "%00", "+", "%2B", "=", "==", "&", ";", "[]", "[0]", "%5B%5D", "..", "%2e%2e", "//", "?");

/** Every UTF-8 byte of the text as %XX (a lone surrogate is U+FFFD's bytes, as a browser would send it). */
const percentEncoded = (text: string) => [...Buffer.from(text, "utf8")].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");

/** The arbitrary's value in one request of `every`, none in the others. */
const nowAndThen = <T>(arbitrary: fc.Arbitrary<T>, every: number) => fc.oneof({ weight: every - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const QUERY_NAMES = ["tm", "v", "step", "flow", "postcode", "service", "return", "signed-out", "utm_source", "industry", "period", "fcc", "serviceType", "__proto__", "constructor"];

/** A text from the known words, anything at all, or broken escapes. */
function valueText(words: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...words, "0", "1", "false", "true", "") },
    { weight: 2, arbitrary: anyText.map(percentEncoded) },
    { weight: 1, arbitrary: fc.array(fc.oneof(rawPiece, fc.stringMatching(/^[A-Za-z0-9._~-]{0,6}$/)), { maxLength: 4 }).map((parts) => parts.join("")) },
  );
}

/** A query string: good pairs and names the routes read with any values, written plain or as lists, some repeated. */
function queryString({ words, queryPairs }: KnownValues): fc.Arbitrary<string> {
  const made = fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...QUERY_NAMES) }, { weight: 1, arbitrary: valueText(words) }), fc.constantFrom("", "", "", "[]", "[0]"), fc.option(valueText(words), { nil: undefined }));
  const pair = fc.oneof(fc.constantFrom(...queryPairs), made.map(([key, list, value]) => (value === undefined ? `${key}${list}` : `${key}${list}=${value}`)));
  // Some repeated, in either order: `?tm=1&tm=0`.
  return fc.array(pair, { maxLength: 6 }).chain((pairs) => fc.tuple(fc.subarray(pairs), fc.boolean()).map(([repeated, first]) => (first ? [...repeated, ...pairs] : [...pairs, ...repeated]).join("&")));
}

/** A good value for the parameter (most often), or any text, with `/` and `?` kept from ending it. */
function param(good: string[] | undefined, known: KnownValues, slashes: boolean): fc.Arbitrary<string> {
  const any = valueText(known.words).map((v) => (slashes ? v : v.replaceAll("/", "%2F")).replaceAll("?", "%3F"));
  return good?.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: any }) : any;
}

/** The route's address with each parameter (`:name`, `*`) filled in, and a query string or none. */
function address(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<string> {
  const segments = route.url.split("/").map((segment) => {
    if (segment.startsWith(":")) return param(known.params[segment.slice(1)], known, false);
    if (segment === "*") return param(known.params[route.url], known, true);
    return fc.constant(segment);
  });
  return fc.tuple(fc.tuple(...segments), fc.option(queryString(known), { nil: undefined })).map(([parts, query]) => `${parts.join("/")}${query === undefined ? "" : `?${query}`}`);
}

/** A JSON text nested `depth` lists or objects deep, written out (JSON.stringify would overflow on the deepest). */
const deepJson = fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.boolean()).map(([depth, lists]) => (lists ? `${"[".repeat(depth)}1${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}{}${"}".repeat(depth)}`));

/** One of the good bodies as JSON, whole or with one part (of the envelope or of its answers) set to any JSON value. */
function changedBody(bodies: Array<Record<string, unknown>>, words: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...new Set(bodies.flatMap((b) => [...Object.keys(b), ...Object.keys((b.answers as object | undefined) ?? {})]))), visible);
  const value = fc.oneof(fc.constantFrom(...words), fc.jsonValue({ maxDepth: 3 }));
  return fc.tuple(fc.constantFrom(...bodies), fc.option(fc.tuple(key, value, fc.boolean()), { nil: undefined, freq: 3 })).map(([good, change]) => {
    if (!change) return JSON.stringify(good);
    const [name, changed, inAnswers] = change;
    return JSON.stringify(inAnswers && good.answers ? { ...good, answers: { ...(good.answers as object), [name]: changed } } : { ...good, [name]: changed });
  });
}

/** One of the good bodies as JSON with one of its parts (an answer, when it has answers) nested any depth, up to what 64 kB holds. */
function deepInBody(bodies: Array<Record<string, unknown>>): fc.Arbitrary<string> {
  const placeholder = "\u0000deep\u0000";
  return fc.tuple(fc.constantFrom(...bodies), fc.nat(), deepJson).map(([good, pick, deep]) => {
    const answers = good.answers as Record<string, unknown> | undefined;
    const keys = Object.keys(answers ?? good);
    const key = keys[pick % keys.length]!;
    const body = answers ? { ...good, answers: { ...answers, [key]: placeholder } } : { ...good, [key]: placeholder };
    return JSON.stringify(body).replace(JSON.stringify(placeholder), deep);
  });
}

/** A body: none, JSON of any shape, a good body changed, a form with repeated and odd fields, or other bytes. */
function body(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<{ payload?: string; type?: string }> {
  const bodies = known.bodies[route.url] ?? Object.values(known.bodies).flat();
  const forms = known.forms[route.url] ?? Object.values(known.forms).flat();
  const jsonType = fc.constantFrom("application/json", "application/json; charset=utf-8", "application/json; charset=latin1");
  const formType = fc.constantFrom("application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=UTF-8");
  const anyType = fc.oneof(jsonType, formType, fc.constantFrom("text/plain", "multipart/form-data; boundary=x", "application/xml"), visible);
  const field = fc.tuple(fc.oneof(fc.constantFrom("_step", "_rev", "_flow", "name", "password", "return", "choice", "email", "consentText", "website"), visible.map(encodeURIComponent)), valueText(known.words));
  const form = fc.tuple(fc.constantFrom(...forms, ""), fc.array(field, { maxLength: 3 })).map(([good, extra]) => [good, ...extra.map(([k, v]) => `${k}=${v}`)].filter(Boolean).join("&"));
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 3, arbitrary: fc.tuple(changedBody(bodies, known.words), jsonType).map(([payload, type]) => ({ payload, type })) },
    { weight: 1, arbitrary: fc.tuple(fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)), jsonType).map(([payload, type]) => ({ payload, type })) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(deepJson, deepInBody(bodies)), jsonType).map(([payload, type]) => ({ payload, type })) },
    { weight: 3, arbitrary: fc.tuple(form, formType).map(([payload, type]) => ({ payload, type })) },
    { weight: 1, arbitrary: fc.tuple(fc.oneof(anyText, fc.string({ maxLength: 200 })), fc.option(anyType, { nil: undefined })).map(([payload, type]) => ({ payload, ...(type === undefined ? {} : { type }) })) },
  );
}

/**
 * Headers a browser, a bot or a script might send: cookies real and forged, the site's origin or another, and junk.
 * What refuses a request outright (another site's origin, a wrong password) comes now and then, so most reach the route.
 */
function headers(known: KnownValues): fc.Arbitrary<Record<string, string>> {
  const cookie = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...known.cookies) },
    { weight: 2, arbitrary: fc.subarray(known.cookies, { minLength: 1 }).map((cookies) => cookies.join("; ")) },
    { weight: 1, arbitrary: fc.constantFrom(...known.cookies).map((c) => c.replace(/.$/, "A")) },
    { weight: 1, arbitrary: visible },
  );
  const named = {
    cookie: nowAndThen(cookie, 2),
    origin: fc.oneof(
      { weight: 6, arbitrary: fc.constant(known.siteOrigin) },
      { weight: 1, arbitrary: fc.oneof(fc.constantFrom("null", "http://evil.example", `${known.siteOrigin}/`), visible) },
      { weight: 1, arbitrary: fc.constant(undefined) },
    ),
    referer: nowAndThen(fc.oneof(fc.constant(`${known.siteOrigin}/quote/`), visible), 4),
    "user-agent": fc.oneof({ weight: 4, arbitrary: fc.constant(BROWSER_AGENT) }, { weight: 1, arbitrary: fc.oneof(fc.constantFrom("curl/8.5.0", "Googlebot/2.1 (+http://www.google.com/bot.html)"), visible) }),
    accept: fc.constantFrom("text/html,application/xhtml+xml,*/*;q=0.8", "application/json", "*/*", "image/svg+xml", "text/html;q=x"),
    authorization: nowAndThen(fc.oneof(fc.constant(`Basic ${Buffer.from("jo:wrong password").toString("base64")}`), visible.map((v) => `Basic ${v}`), visible), 8),
    "x-forwarded-for": nowAndThen(visible, 4),
    "sec-fetch-site": nowAndThen(fc.constantFrom("same-origin", "cross-site", "none", "same-site"), 6),
    "sec-purpose": nowAndThen(fc.constantFrom("prefetch", "prefetch;prerender"), 6),
    "sec-gpc": nowAndThen(fc.constantFrom("1", "0"), 6),
    range: nowAndThen(fc.oneof(fc.constantFrom("bytes=0-10", "bytes=-5", "bytes=10-0", "bytes=0-0,5-1000000"), visible), 4),
    "if-none-match": nowAndThen(visible, 6),
    "if-modified-since": nowAndThen(fc.oneof(fc.constant(new Date(0).toUTCString()), visible), 6),
    "accept-encoding": nowAndThen(fc.constantFrom("gzip, br", "br", "identity", "*;q=0", "zstd"), 2),
  };
  return fc.record(named).map((values) => Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => entry[1] !== undefined)));
}

/** Any request to the route: inject's options, with the method the route was registered for. */
export function anyRequest(route: RegisteredRoute, known: KnownValues): fc.Arbitrary<InjectOptions> {
  const sent: fc.Arbitrary<{ payload?: string; type?: string }> = route.method === "GET" || route.method === "HEAD" ? fc.constant({}) : body(route, known);
  return fc.tuple(address(route, known), headers(known), sent).map(([url, named, { payload, type }]) => ({
    method: route.method as InjectOptions["method"],
    url,
    headers: { ...named, ...(type === undefined ? {} : { "content-type": type }) },
    ...(payload === undefined ? {} : { payload }),
  }));
}
