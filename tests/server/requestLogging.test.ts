import { afterEach, expect, it } from "vitest";
import { businessEnergyV1, startTestServer, type TestServer } from "./testServer";
import { logCapture } from "./support/logCapture";
import { samples } from "./support/exposition";
import { freePort } from "../../scripts/support/metricsScraper";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
});

it("keeps postcodes, names, phone numbers and e-mails out of the logs, newsletter sign-ups included", async () => {
  const log = logCapture();
  server = await startTestServer({}, { level: "trace", stream: log.stream });

  await server.app.inject({ method: "GET", url: "/api/addresses?postcode=LS1%204DY" });
  await server.app.inject({ method: "GET", url: "/api/unknown?postcode=M1%201AE" });
  await server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1() });
  await server.app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1({ phone: "123" }) });
  await server.app.inject({
    method: "POST",
    url: "/api/leads",
    payload: '{"answers": {"email": "jane.smith@example.com"',
    headers: { "content-type": "application/json" },
  });

  await server.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "jane.smith@example.com", consentText: "Yes please" } });
  await server.app.inject({ method: "POST", url: "/api/newsletter", payload: { email: "jane.smith@", consentText: "Yes please" } });

  const logged = log.text();
  expect(logged).toContain('"url":"/api/addresses"');
  for (const personal of ["LS1", "M1 1AE", "M1%201AE", "Jane", "Smith", "0113 496 0000", "+441134960000", "example.com"]) {
    expect(logged).not.toContain(personal);
  }
});

/** The JSON lines logged so far. */
function lines(log: ReturnType<typeof logCapture>): Array<Record<string, unknown>> {
  return log
    .text()
    .split("\n")
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

it("logs a request by its route's pattern, never the address asked", async () => {
  const log = logCapture();
  server = await startTestServer({}, { level: "info", stream: log.stream });

  await server.app.inject({ method: "GET", url: "/quote/business-energy/path.leak%40example.com/SW1A1AA" });
  await server.app.inject({ method: "GET", url: "/api/partners?service=business-energy" });

  const urls = lines(log).flatMap((line) => ((line.req as { url?: string } | undefined)?.url ? [(line.req as { url: string }).url] : []));
  expect(urls).toContain("/api/partners");
  expect(urls.some((url) => url === "/quote/*" || url === "unmatched")).toBe(true);
  expect(log.text()).not.toMatch(/leak|SW1A1AA|%40/);
});

it.each([
  ["a plain token it is sent", "lb-7f3a.20_x", "lb-7f3a.20_x"],
  ["a UUID it is sent", "3f2b8c1e-9d4a-4e7b-8a6f-0c5d2e1b7a90", "3f2b8c1e-9d4a-4e7b-8a6f-0c5d2e1b7a90"],
  ["a new id for one with other characters", "jo@example.com", /^[0-9a-f-]{36}$/],
  ["a new id for one that is too long", "a".repeat(129), /^[0-9a-f-]{36}$/],
  ["a new id for one holding a postcode and a phone number", "SW1A1AA-07700900123", /^[0-9a-f-]{36}$/],
  ["a new id for one holding a phone number in groups", "req-0770-0900-123", /^[0-9a-f-]{36}$/],
  ["a new id for one holding a postcode", "ls1.4dy", /^[0-9a-f-]{36}$/],
])("takes X-Request-Id as the request's id, returns it and logs it: %s", async (_, sent, expected) => {
  const log = logCapture();
  server = await startTestServer({}, { level: "info", stream: log.stream });

  const response = await server.app.inject({ method: "GET", url: "/api/health", headers: { "x-request-id": sent } });

  const id = response.headers["x-request-id"] as string;
  expect(id).toMatch(expected);
  expect(lines(log).filter((line) => line.reqId === id).map((line) => line.msg)).toEqual(["incoming request", "request completed"]);
  expect(log.text()).not.toContain("example.com");
  if (typeof expected !== "string") expect(log.text()).not.toContain(sent);
});

it("gives each request without an id one of its own, in its answer", async () => {
  server = await startTestServer();
  const ids = await Promise.all([1, 2].map(async () => (await server!.app.inject({ method: "GET", url: "/api/nowhere" })).headers["x-request-id"]));
  expect(new Set(ids).size).toBe(2);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
});

it("logs and counts a 404 under the same route label, a page the site has not and an API address alike", async () => {
  const log = logCapture();
  const port = await freePort();
  server = await startTestServer({ METRICS_PORT: String(port) }, { level: "info", stream: log.stream }, { quotePages: true });

  const asked = ["/no-such-page/", "/api/nowhere"];
  for (const url of asked) expect((await server.app.inject({ method: "GET", url })).statusCode).toBe(404);

  const logged = lines(log).filter((line) => line.msg === "incoming request").map((line) => (line.req as { url: string }).url);
  expect(logged).toHaveLength(2);
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const counted = samples(text).filter((s) => s.name === "switchplan_http_requests_total" && s.labels.status === "404" && s.value > 0);
  expect(counted.map((s) => [s.labels.route, s.value])).toEqual([[logged[0], 2]]);
  expect(logged[1]).toBe(logged[0]);
});
