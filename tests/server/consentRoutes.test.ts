import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./testServer";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** A post from a page of the site at http://site.test (its PUBLIC_ORIGIN), as a browser sends it. */
async function post(body: string, headers: Record<string, string | undefined> = {}) {
  server ??= await startTestServer({ PUBLIC_ORIGIN: "http://site.test" });
  return server.app.inject({ method: "POST", url: "/api/consent", headers: { ...FORM, host: "site.test", origin: "http://site.test", ...headers }, payload: body });
}

/** The Set-Cookie headers as name → value, with the first cookie's attributes. */
function cookiesSet(setCookie: string | string[] | undefined): { values: Record<string, string>; attributes: string } {
  const lines = [setCookie ?? []].flat();
  const values = Object.fromEntries(lines.map((line) => line.split(";")[0]!.split("=") as [string, string]));
  return { values, attributes: lines[0]?.split(";").slice(1).join(";").trim() ?? "" };
}

describe("the cookie banner's plain form", () => {
  it.each([
    ["accept", { _sp_consent_chosen: "1", _sp_analytics_on: "1", _sp_marketing_on: "1" }],
    ["reject", { _sp_consent_chosen: "1", _sp_analytics_on: "0", _sp_marketing_on: "0" }],
  ])("records %s in the three consent cookies and goes back to the page it was on", async (choice, expected) => {
    const response = await post(`choice=${choice}`, { referer: "http://site.test/business-energy/?utm_source=mail" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/business-energy/?utm_source=mail#main");
    const { values, attributes } = cookiesSet(response.headers["set-cookie"]);
    expect(values).toEqual(expected);
    expect(attributes).toMatch(/Max-Age=31536000/);
    expect(attributes).toMatch(/Path=\//);
    expect(attributes).toMatch(/SameSite=Lax/);
    expect(attributes).not.toMatch(/HttpOnly/);
  });

  it("saves the settings page's switches", async () => {
    const response = await post("choice=save&analytics=1&return=%2Fquote%2Fbusiness-water%2F");
    expect(response.headers.location).toBe("/quote/business-water/#main");
    expect(cookiesSet(response.headers["set-cookie"]).values).toEqual({ _sp_consent_chosen: "1", _sp_analytics_on: "1", _sp_marketing_on: "0" });
  });

  it.each([
    ["another site's page", { referer: "https://evil.example/phish" }, "/"],
    ["a return field naming another host", { body: "return=%2F%2Fevil.example%2F" }, "/"],
    ["a return field with a backslash", { body: "return=%2F%5Cevil.example" }, "/"],
    ["a Referer whose path starts with two slashes", { referer: "http://site.test//evil.example/x" }, "/evil.example/x"],
    ["no Referer at all", {}, "/"],
  ])("goes back only to a path on this site: %s", async (_what, { referer, body }: { referer?: string; body?: string }, location) => {
    const response = await post(`choice=accept${body ? `&${body}` : ""}`, referer ? { referer } : {});
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${location}#main`);
  });

  it("shows the settings as a plain form for Customise, switches on until a choice is recorded", async () => {
    const response = await post("choice=customise", { referer: "http://site.test/home-energy/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["set-cookie"]).toBeUndefined();
    expect(response.body).toContain('<input type="hidden" name="return" value="/home-energy/">');
    expect(response.body).toMatch(/name="analytics" value="1" checked/);
    expect(response.body).toMatch(/name="marketing" value="1" checked/);
    expect(response.body).toContain('<a href="/legal/privacy-policy/#cookies">Read our privacy policy</a>');

    const again = await post("choice=customise", { cookie: "_sp_consent_chosen=1; _sp_analytics_on=0; _sp_marketing_on=1" });
    expect(again.body).toMatch(/name="analytics" value="1">/);
    expect(again.body).toMatch(/name="marketing" value="1" checked/);
  });

  it.each([
    ["a browser saying another site sent it", { "sec-fetch-site": "cross-site" }],
    ["another site naming itself as the host", { host: "evil.example", origin: "http://evil.example" }],
    ["neither Origin nor Referer", { origin: undefined }],
    ["a Referer on another site only", { origin: undefined, referer: "http://evil.example/" }],
  ])("refuses a choice from anywhere but the site's pages: %s", async (_what, headers: Record<string, string | undefined>) => {
    const crossSite = await post("choice=accept", headers);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers["set-cookie"]).toBeUndefined();
  });

  it("takes a choice whose only sign of the site is a Referer on it (a page whose policy holds Origin back)", async () => {
    const response = await post("choice=reject", { origin: undefined, referer: "http://site.test/business-water/" });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe("/business-water/#main");
  });

  it("refuses a choice that is no choice", async () => {
    const nonsense = await post("choice=maybe");
    expect(nonsense.statusCode).toBe(400);
    expect(nonsense.body).toContain("Something has gone wrong. Please try again.");
  });
});

describe("the banner's stylesheet for pages without scripts", () => {
  it("shows the banner until a choice is recorded, and is never cached", async () => {
    server = await startTestServer();
    const before = await server.app.inject({ method: "GET", url: "/api/consent/no-script.css" });
    expect(before.headers["content-type"]).toMatch(/^text\/css/);
    expect(before.headers["cache-control"]).toBe("no-store");
    expect(before.body).toContain("html:not(.js) .consent-banner{display:block}");
    const after = await server.app.inject({ method: "GET", url: "/api/consent/no-script.css", headers: { cookie: "_sp_consent_chosen=1" } });
    expect(after.body).toBe("");
  });
});
