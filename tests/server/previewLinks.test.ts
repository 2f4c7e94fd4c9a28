/**
 * Preview links: an editor makes a link that shows a draft as a visitor sees it, to anyone holding it, without
 * signing in, for 7 days; marked as a preview and kept out of search engines; never counted, and its sending step
 * stores no lead and reaches no buyer. Only a hash of the token is stored.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const startServer = analystsServerPerTest();
const EDITOR = { ...ANALYST, role: "editor" } as const;
const READER = { ...OTHER_ANALYST, role: "reader" } as const;
const editor = { authorization: basic(EDITOR.name, EDITOR.password) };
const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** business-water v1 as a draft: the address step left out, and a question reworded. */
function draftDocument(): Record<string, unknown> {
  const published = JSON.parse(readFileSync(path.join(repoRoot, "forms", "business-water", "v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> };
  const steps = published.steps.filter((s) => s.id !== "address").map((s) => (s.next === "address" ? { ...s, next: "contact" } : s));
  steps[0] = { ...steps[0], question: "How many sites does your business run?" };
  return { ...published, version: 2, steps };
}

async function makePreview(app: Awaited<ReturnType<typeof startServer>>["app"], document: unknown = draftDocument()) {
  const draft = await app.inject({ method: "POST", url: "/api/analysts/drafts", headers: editor, payload: { flow: "business-water", baseVersion: 1, document } });
  const { id } = draft.json<{ id: string }>();
  const link = await app.inject({ method: "POST", url: `/api/analysts/drafts/${id}/preview-links`, headers: editor });
  return { id, link, url: link.json<{ url: string }>().url };
}

/** The state a preview page's step form carries back. */
const carried = (body: string) => /<input type="hidden" name="_preview" value="([^"]+)">/.exec(body)?.[1] ?? "";

describe("preview links", () => {
  it("show a draft to anyone holding the link, marked as a preview and kept out of search engines, and store only a hash of the token", async () => {
    const clock = { now: new Date("2026-11-27T10:00:00Z") };
    const server = await startServer("SQLite", {}, [EDITOR], { now: () => clock.now });
    const { link, url } = await makePreview(server.app);

    const page = await server.app.inject({ method: "GET", url });
    const stored = await server.db.selectFrom("preview_links").selectAll().execute();

    expect(link.statusCode).toBe(201);
    expect(url).toMatch(/^\/preview\/[A-Za-z0-9_-]{43}\/$/);
    expect(link.json()).toMatchObject({ expiresAt: "2026-12-04T10:00:00.000Z" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex");
    expect(page.headers["cache-control"]).toBe("no-store");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    expect(page.headers["set-cookie"]).toBeUndefined();
    expect(page.body).toContain('<meta name="robots" content="noindex">');
    expect(page.body).toContain("<strong>Preview of a draft</strong> of Compare business water prices, made from v1 and last saved by jo");
    expect(page.body).toContain("How many sites does your business run?");
    expect(page.body).toContain("Step 1 of 4");
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(url.split("/")[2]);
  });

  it("walk the draft's steps to its sending step, with no lead stored, no delivery and no visit counted", async () => {
    const server = await startServer("SQLite", {}, [EDITOR]);
    const { url } = await makePreview(server.app);
    const post = (state: string, fields: Record<string, string>) => server.app.inject({ method: "POST", url, headers: FORM, payload: new URLSearchParams({ _preview: state, ...fields }).toString() });

    let page = await server.app.inject({ method: "GET", url });
    page = await post(carried(page.body), { _step: "sites", _rev: "1", numberOfSites: "1" });
    expect(page.body).toContain("Roughly how much does your business spend on water each month?");
    const missing = await post(carried(page.body), { _step: "spend", _rev: "1" });
    page = await post(carried(page.body), { _step: "spend", _rev: "1", spendString: "below1000" });
    // Back posts the state back, so no answer travels in an address.
    expect(page.body).toMatch(/<form method="post" class="lozenge-form"><input type="hidden" name="_preview" value="[^"]+"><input type="hidden" name="_back" value="1"><button/);
    const back = await post(carried(page.body), { _back: "1" });
    page = await post(carried(page.body), { _step: "supplier", _rev: "1", currentSupplier: "wave" });
    expect(page.body).toContain("Where should we send your quotes?");
    page = await post(carried(page.body), { _step: "contact", _rev: "1", businessName: "Preview Ltd", customerName: "Pat Preview", phone: "020 7946 0000", email: "pat@example.com" });

    expect(missing.body).toContain("Please fix the following issues:");
    expect(back.body).toContain("Roughly how much does your business spend on water each month?");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("No need to do anything else");
    for (const table of ["leads", "deliveries", "contact_claims", "quote_sessions", "experiment_periods", "experiment_exposures", "experiment_step_reach", "experiment_step_counts"] as const) {
      const rows = await server.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      expect(Number(rows.n), table).toBe(0);
    }
  });

  it("show a broken draft's errors instead of its steps", async () => {
    const server = await startServer("SQLite", {}, [EDITOR]);
    const { url } = await makePreview(server.app, { ...draftDocument(), start: "nowhere" });

    const page = await server.app.inject({ method: "GET", url });

    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("This draft has errors, so it cannot be shown yet.");
    expect(page.body).toContain("nowhere");
  });

  it("are made by editors only", async () => {
    const server = await startServer("SQLite", {}, [EDITOR, READER]);
    const { id } = await makePreview(server.app);

    const byReader = await server.app.inject({ method: "POST", url: `/api/analysts/drafts/${id}/preview-links`, headers: { authorization: basic(READER.name, READER.password) } });
    const anonymous = await server.app.inject({ method: "POST", url: `/api/analysts/drafts/${id}/preview-links` });

    expect(byReader.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(serverDialects)("preview links on %s", (dialect, skipped) => {
  it.skipIf(skipped)("end after 7 days, and when the draft is discarded", async () => {
    const clock = { now: new Date("2026-11-27T10:00:00Z") };
    const server = await startServer(dialect, {}, [EDITOR], { now: () => clock.now });
    const first = await makePreview(server.app);
    const second = await makePreview(server.app);

    clock.now = new Date("2026-12-04T09:59:00Z");
    const lastMinute = await server.app.inject({ method: "GET", url: first.url });
    clock.now = new Date("2026-12-04T10:00:00Z");
    const ended = await server.app.inject({ method: "GET", url: first.url });
    clock.now = new Date("2026-11-28T10:00:00Z");
    await server.app.inject({ method: "DELETE", url: `/api/analysts/drafts/${second.id}`, headers: editor });
    const discarded = await server.app.inject({ method: "GET", url: second.url });
    const neverMade = await server.app.inject({ method: "GET", url: `/preview/${"A".repeat(43)}/` });

    expect(lastMinute.statusCode).toBe(200);
    for (const response of [ended, discarded, neverMade]) {
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain("This preview link has ended");
      expect(response.headers["x-robots-tag"]).toBe("noindex");
    }
  });
});
