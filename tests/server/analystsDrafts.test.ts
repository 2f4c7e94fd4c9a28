/**
 * Drafts on the server (/api/analysts/drafts): an editor keeps a draft of a new version, reads it back from another
 * browser, sees who is editing, and discards it; a save from a tab that missed the last one is refused 409; readers,
 * nobody signed in and other sites' pages are refused. On both stores.
 */
import { describe, expect, it } from "vitest";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST, signIn } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const DRAFTS = "/api/analysts/drafts";
const startServer = analystsServerPerTest();
const EDITOR = { ...ANALYST, role: "editor" } as const;
const PUBLISHER = { ...OTHER_ANALYST, role: "publisher" } as const;
const READER = { name: "rae", password: "a reader's passphrase", role: "reader" } as const;

const document = (title: string) => ({ title, steps: [{ id: "postcode", type: "form" }] });
const as = (analyst: { name: string; password: string }) => ({ authorization: basic(analyst.name, analyst.password) });

describe.each(serverDialects)("drafts on %s", (dialect, skipped) => {
  it.skipIf(skipped)("are kept for an editor, read back from another browser, listed with who is editing, and discarded", async () => {
    const { app } = await startServer(dialect, {}, [EDITOR, PUBLISHER]);
    const { cookie, response } = await signIn(app, EDITOR);

    const made = await app.inject({ method: "POST", url: DRAFTS, headers: { cookie: cookie! }, payload: { flow: "business-water", baseVersion: 1, document: document("first") } });
    const { id } = made.json<{ id: string }>();
    const saved = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: { cookie: cookie! }, payload: { revision: 1, document: document("second") } });
    const elsewhere = await app.inject({ method: "GET", url: `${DRAFTS}/${id}`, headers: as(PUBLISHER) });
    const listed = await app.inject({ method: "GET", url: `${DRAFTS}?flow=business-water`, headers: as(EDITOR) });
    const otherFlow = await app.inject({ method: "GET", url: `${DRAFTS}?flow=business-energy`, headers: as(EDITOR) });
    const discarded = await app.inject({ method: "DELETE", url: `${DRAFTS}/${id}`, headers: { cookie: cookie! } });
    const gone = await app.inject({ method: "GET", url: `${DRAFTS}/${id}`, headers: as(EDITOR) });

    // The session's cookie goes to the analysts' APIs as well as their pages.
    expect([response.headers["set-cookie"]].flat().join("\n")).toMatch(/^_sp_analyst=[^;]+; Max-Age=28800; Path=\/api\/analysts; HttpOnly; SameSite=Strict$/m);
    expect(made.statusCode).toBe(201);
    expect(made.headers.location).toBe(`${DRAFTS}/${id}`);
    expect(made.json()).toMatchObject({ flow: "business-water", baseVersion: 1, revision: 1, createdBy: "jo", editor: "jo" });
    expect(saved.json()).toMatchObject({ revision: 2, document: document("second") });
    expect(elsewhere.json()).toMatchObject({ id, revision: 2, editor: "jo", document: document("second") });
    expect(listed.json<{ drafts: unknown[] }>().drafts).toEqual([expect.objectContaining({ id, flow: "business-water", baseVersion: 1, editor: "jo", revision: 2 })]);
    expect(listed.json<{ drafts: Array<Record<string, unknown>> }>().drafts[0]).not.toHaveProperty("document");
    expect(otherFlow.json()).toEqual({ drafts: [] });
    expect(discarded.statusCode).toBe(204);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: "There is no such draft: it was discarded, or published." });
  });

  it.skipIf(skipped)("refuse a save from a tab that missed the last save, 409 with the draft as it stands, and change nothing", async () => {
    const { app } = await startServer(dialect, {}, [EDITOR, PUBLISHER]);
    const made = await app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload: { flow: "business-water", baseVersion: 1, document: document("first") } });
    const { id } = made.json<{ id: string }>();

    const firstTab = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: as(PUBLISHER), payload: { revision: 1, document: document("from the first tab") } });
    const secondTab = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: as(EDITOR), payload: { revision: 1, document: document("from the second tab") } });
    const now = await app.inject({ method: "GET", url: `${DRAFTS}/${id}`, headers: as(EDITOR) });

    expect(firstTab.statusCode).toBe(200);
    expect(secondTab.statusCode).toBe(409);
    expect(secondTab.json<{ message: string }>().message).toMatch(/^sam saved this draft since you opened it \(revision 2\): your change is not kept yet\./);
    expect(secondTab.json()).toMatchObject({ draft: { revision: 2, editor: "sam", document: document("from the first tab") } });
    expect(now.json()).toMatchObject({ revision: 2, document: document("from the first tab") });
  });

  it.skipIf(skipped)("are refused to a reader (403, saying which role is needed), to nobody signed in (401) and to another site's page (403)", async () => {
    const { app } = await startServer(dialect, {}, [EDITOR, READER]);

    const reader = await app.inject({ method: "GET", url: DRAFTS, headers: as(READER) });
    const readerPost = await app.inject({ method: "POST", url: DRAFTS, headers: as(READER), payload: { flow: "business-water", baseVersion: 1, document: document("x") } });
    const anonymous = await app.inject({ method: "GET", url: DRAFTS });
    const crossSite = await app.inject({ method: "POST", url: DRAFTS, headers: { ...as(EDITOR), origin: "https://elsewhere.example" }, payload: { flow: "business-water", baseVersion: 1, document: document("x") } });
    const listed = await app.inject({ method: "GET", url: DRAFTS, headers: as(EDITOR) });

    expect(reader.statusCode).toBe(403);
    expect(reader.json()).toEqual({ message: "This needs an editor's role or above, and rae is a reader. Ask an operator to run: npm run analysts -- role rae editor" });
    expect(readerPost.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: "Changes are taken only from this site's own analysts' pages." });
    expect(listed.json()).toEqual({ drafts: [] });
  });
});

describe("a draft's bad input", () => {
  it.each([
    ["an unknown flow", { flow: "no-such-flow", baseVersion: 1, document: {} }, 400, 'There is no flow "no-such-flow".'],
    ["a version the flow has not published", { flow: "business-water", baseVersion: 99, document: {} }, 400, "business-water has no published version 99 to make a draft from."],
    ["a document that is not an object", { flow: "business-water", baseVersion: 1, document: "steps" }, 400, undefined],
    ["no base version", { flow: "business-water", document: {} }, 400, undefined],
  ])("answers %s with a 4xx and keeps nothing", async (_case, payload, status, message) => {
    const { app } = await startServer("SQLite", {}, [EDITOR]);

    const response = await app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload });
    const listed = await app.inject({ method: "GET", url: DRAFTS, headers: as(EDITOR) });

    expect(response.statusCode).toBe(status);
    if (message) expect(response.json()).toEqual({ message });
    expect(listed.json()).toEqual({ drafts: [] });
  });

  it("answers a draft id that is not one 400, and one that names no draft 404", async () => {
    const { app } = await startServer("SQLite", {}, [EDITOR]);

    const malformed = await app.inject({ method: "GET", url: `${DRAFTS}/..%2Fetc`, headers: as(EDITOR) });
    const unknown = await app.inject({ method: "PUT", url: `${DRAFTS}/AAAAAAAAAAAAAAAA`, headers: as(EDITOR), payload: { revision: 1, document: {} } });

    expect(malformed.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(404);
  });
});
