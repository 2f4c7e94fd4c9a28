/**
 * Who has a draft open (PUT /api/analysts/drafts/ID/presence, each open page's heartbeat): every page of the draft
 * sees the others, with who and since when, until one says it has closed or stops beating for longer than the
 * expiry; the rows past it are gone, so the store holds the pages open now. The answer carries the draft's revision,
 * so a page learns a colleague saved. On both stores.
 */
import { describe, expect, it } from "vitest";
import { PRESENCE_EXPIRY_MS } from "../../server/storage/draftPresenceStore";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const DRAFTS = "/api/analysts/drafts";
const startServer = analystsServerPerTest();
const EDITOR = { ...ANALYST, role: "editor" } as const;
const PUBLISHER = { ...OTHER_ANALYST, role: "publisher" } as const;
const READER = { name: "rae", password: "a reader's passphrase", role: "reader" } as const;
const as = (analyst: { name: string; password: string }) => ({ authorization: basic(analyst.name, analyst.password) });
const document = (title: string) => ({ title, steps: [{ id: "postcode", type: "form" }] });
const JO_PAGE = "jo-page-aaaaaaaaaaaa";
const SAM_PAGE = "sam-page-bbbbbbbbbbb";

interface Open {
  open: Array<{ analyst: string; openedAt: string; you: boolean }>;
  revision: number;
  editor: string;
  updatedAt: string;
}

describe.each(serverDialects)("who has a draft open, on %s", (dialect, skipped) => {
  it.skipIf(skipped)("shows each page the others, until one closes or stops beating, and the draft's revision", async () => {
    const clock = { now: new Date("2026-12-01T23:38:00.000Z") };
    const { app, db } = await startServer(dialect, {}, [EDITOR, PUBLISHER], { now: () => clock.now });
    const made = await app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload: { flow: "business-water", baseVersion: 1, document: document("first") } });
    const { id } = made.json<{ id: string }>();
    const beat = async (analyst: typeof EDITOR | typeof PUBLISHER, page: string) => {
      const response = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(analyst), payload: { page } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toContain("no-store");
      return response.json<Open>();
    };

    const joAlone = await beat(EDITOR, JO_PAGE);
    clock.now = new Date("2026-12-01T23:38:10.000Z");
    const samSees = await beat(PUBLISHER, SAM_PAGE);
    await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: as(PUBLISHER), payload: { revision: 1, document: document("sam's") } });
    clock.now = new Date("2026-12-01T23:38:20.000Z");
    const joSees = await beat(EDITOR, JO_PAGE);
    const closed = await app.inject({ method: "DELETE", url: `${DRAFTS}/${id}/presence/${SAM_PAGE}`, headers: as(PUBLISHER) });
    const afterClose = await beat(EDITOR, JO_PAGE);
    await beat(PUBLISHER, SAM_PAGE);
    // Sam's page stops beating (a closed laptop): once the expiry is past, jo sees only jo, and the row is gone.
    clock.now = new Date(clock.now.getTime() + PRESENCE_EXPIRY_MS + 1000);
    const afterExpiry = await beat(EDITOR, JO_PAGE);
    const rows = await db.selectFrom("draft_presence").select(["analyst"]).execute();

    expect(joAlone).toMatchObject({ open: [{ analyst: "jo", openedAt: "2026-12-01T23:38:00.000Z", you: true }], revision: 1, editor: "jo" });
    expect(samSees.open).toEqual([
      { analyst: "jo", openedAt: "2026-12-01T23:38:00.000Z", you: false },
      { analyst: "sam", openedAt: "2026-12-01T23:38:10.000Z", you: true },
    ]);
    expect(joSees).toMatchObject({ revision: 2, editor: "sam", updatedAt: "2026-12-01T23:38:10.000Z" });
    expect(joSees.open.map((o) => [o.analyst, o.you])).toEqual([["jo", true], ["sam", false]]);
    expect(closed.statusCode).toBe(204);
    expect(afterClose.open.map((o) => o.analyst)).toEqual(["jo"]);
    expect(afterExpiry.open.map((o) => o.analyst)).toEqual(["jo"]);
    expect(rows).toEqual([{ analyst: "jo" }]);
  });

  it.skipIf(skipped)("answers a save on a stale revision 409 naming who saved, with the draft as it stands, and forgets who had a discarded draft open", async () => {
    const { app, db } = await startServer(dialect, {}, [EDITOR, PUBLISHER]);
    const made = await app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload: { flow: "business-water", baseVersion: 1, document: document("first") } });
    const { id } = made.json<{ id: string }>();
    await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(EDITOR), payload: { page: JO_PAGE } });

    await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: as(PUBLISHER), payload: { revision: 1, document: document("sam's") } });
    const stale = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}`, headers: as(EDITOR), payload: { revision: 1, document: document("jo's") } });
    await app.inject({ method: "DELETE", url: `${DRAFTS}/${id}`, headers: as(EDITOR) });
    const gone = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(EDITOR), payload: { page: JO_PAGE } });

    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: "sam saved this draft since you opened it (revision 2): your change is not kept yet. Join both edits, or take theirs and re-apply yours.",
      draft: { revision: 2, editor: "sam", document: document("sam's") },
    });
    expect(stale.json<{ message: string }>().message).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(gone.statusCode).toBe(404);
    expect(await db.selectFrom("draft_presence").selectAll().execute()).toEqual([]);
  });
});

describe("a heartbeat's bad input", () => {
  it("refuses a page id that is not one (400), a reader (403), and keeps nothing", async () => {
    const { app, db } = await startServer("SQLite", {}, [EDITOR, READER]);
    const made = await app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload: { flow: "business-water", baseVersion: 1, document: document("first") } });
    const { id } = made.json<{ id: string }>();

    const short = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(EDITOR), payload: { page: "x" } });
    const extra = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(EDITOR), payload: { page: JO_PAGE, analyst: "sam" } });
    const reader = await app.inject({ method: "PUT", url: `${DRAFTS}/${id}/presence`, headers: as(READER), payload: { page: JO_PAGE } });

    expect(short.statusCode).toBe(400);
    expect(extra.statusCode).toBe(400);
    expect(reader.statusCode).toBe(403);
    expect(await db.selectFrom("draft_presence").selectAll().execute()).toEqual([]);
  });
});
