/**
 * Text the stores cannot keep alike, sent to the analysts' APIs: a NUL character (PostgreSQL refuses it, SQLite keeps
 * it) or half of a surrogate pair (kept as U+FFFD, or escaped in a document), anywhere in a body, in a value or a key.
 * Each is refused 400 with a message naming the field, and the store is as it was; so is a sign-in whose name or
 * password holds one. On both stores.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { ANALYST, basic, OTHER_ANALYST, signIn, writeTestAnalysts } from "./support/analysts";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";
import { makeTempDir, removeTempDir } from "./testServer";

const PUBLISHER = { ...ANALYST, role: "publisher" } as const;
const EDITOR = { ...OTHER_ANALYST, role: "editor" } as const;
const as = (analyst: { name: string; password: string }) => ({ authorization: basic(analyst.name, analyst.password) });
const FLOW = "/api/analysts/flows/business-energy";
const DRAFTS = "/api/analysts/drafts";

const characters = [
  ["a NUL character", "\u0000"],
  ["a lone high surrogate", "\ud800"],
  ["a lone low surrogate", "\udc00"],
] as const;

/** Business energy v1 renumbered 4, a version the checks pass. */
async function newVersion(): Promise<Record<string, unknown>> {
  const doc = JSON.parse(await readFile(path.join(repoRoot, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
  return { ...doc, version: 4 };
}

const valueMessage = (field: string) => `${field} must not hold a NUL character or half of a surrogate pair.`;
const keyMessage = (field: string) => `${field} must not have a key holding a NUL character or half of a surrogate pair.`;

describe.each(serverDialects)("text the stores cannot keep alike, sent to the analysts' APIs on %s", (dialect, skipped) => {
  let dir: string;
  let on: QuoteServerOn;
  let draftId: string;
  let published: Record<string, unknown>;
  beforeAll(async () => {
    if (skipped) return;
    dir = await makeTempDir("switchplan-analysts-");
    on = await startQuoteServerOn(dialect, { ANALYSTS_FILE: await writeTestAnalysts(dir, [PUBLISHER, EDITOR]) });
    published = await newVersion();
    const made = await on.app.inject({ method: "POST", url: DRAFTS, headers: as(EDITOR), payload: { flow: "business-energy", baseVersion: 1, document: { title: "kept" } } });
    draftId = made.json<{ id: string }>().id;
  });
  afterAll(async () => {
    await on?.close();
    if (dir) await removeTempDir(dir);
  });

  /** What the analysts' APIs keep: drafts, preview links, published versions, traffic and their history. */
  const stored = async () => ({
    drafts: await on.db.selectFrom("analyst_drafts").selectAll().execute(),
    links: await on.db.selectFrom("preview_links").selectAll().execute(),
    versions: await on.db.selectFrom("published_flow_versions").select(["flow_id", "version"]).orderBy("flow_id").orderBy("version").execute(),
    traffic: await on.db.selectFrom("published_flow_traffic").selectAll().execute(),
    changes: await on.db.selectFrom("published_flow_changes").selectAll().execute(),
  });

  /** [what, who, method, address, body with the character, the field named, whether a key holds it]. */
  const asks = (c: string): Array<[string, { name: string; password: string }, "POST" | "PUT", () => string, () => object, string, "value" | "key"]> => [
    ["a traffic change's why", PUBLISHER, "POST", () => `${FLOW}/traffic/ship`, () => ({ version: 2, why: `v2 won${c}` }), "why", "value"],
    ["a restore's why", PUBLISHER, "POST", () => `${FLOW}/traffic/restore`, () => ({ change: 1, why: `${c}` }), "why", "value"],
    ["a weight's key", PUBLISHER, "POST", () => `${FLOW}/traffic`, () => ({ weights: { "1": 80, [`2${c}`]: 20 }, control: 1, why: "Try v2" }), "weights", "key"],
    ["a publish's why", PUBLISHER, "POST", () => `${FLOW}/versions`, () => ({ document: published, why: `Shorter${c} question` }), "why", "value"],
    ["a published version's question", PUBLISHER, "POST", () => `${FLOW}/versions`, () => ({ document: withQuestion(published, `Which${c}?`), why: "Reworded" }), "document.steps.0.question", "value"],
    ["a new draft's document", EDITOR, "POST", () => DRAFTS, () => ({ flow: "business-energy", baseVersion: 1, document: { title: `new${c}` } }), "document.title", "value"],
    ["a key deep in a new draft's document", EDITOR, "POST", () => DRAFTS, () => ({ flow: "business-energy", baseVersion: 1, document: { steps: [{ id: "a", [`label${c}`]: "x" }] } }), "document.steps.0", "key"],
    ["a saved draft's document", EDITOR, "PUT", () => `${DRAFTS}/${draftId}`, () => ({ revision: 1, document: { title: "saved", steps: [{ options: [`one${c}`] }] } }), "document.steps.0.options.0", "value"],
    ["a studio check's file", EDITOR, "POST", () => "/api/analysts/studio/flows/business-energy/check", () => ({ files: { "v4.json": `{"title":"${c}"}` } }), 'files["v4.json"]', "value"],
  ];

  for (const [name, c] of characters) {
    it.skipIf(skipped).each(asks(c))(`refuses ${name} in %s with 400 naming the field, and keeps nothing`, async (_what, who, method, url, body, field, where) => {
      const before = await stored();

      const response = await on.app.inject({ method, url: url(), headers: as(who), payload: body() });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ field, message: where === "key" ? keyMessage(field) : valueMessage(field) });
      expect(await stored()).toEqual(before);
    });
  }

  // A form and Basic credentials carry bytes: half of a surrogate pair is sent as U+FFFD, and only a NUL arrives.
  it.skipIf(skipped)("refuses a sign-in whose name or password holds a NUL character with 400 naming the field, and keeps no session", async () => {
    const c = "\u0000";
    const sessions = await on.db.selectFrom("analyst_sessions").selectAll().execute();

    const badName = await signIn(on.app, { name: `${EDITOR.name}${c}`, password: EDITOR.password });
    const badPassword = await signIn(on.app, { name: EDITOR.name, password: `${EDITOR.password}${c}` });

    expect([badName.response.statusCode, badPassword.response.statusCode]).toEqual([400, 400]);
    expect(badName.response.body).toContain(`<p role="alert" style="`);
    expect(badName.response.body).toContain(`>${valueMessage("Name")}</p>`);
    expect(badPassword.response.body).toContain(`>${valueMessage("Password")}</p>`);
    expect([badName.cookie, badPassword.cookie]).toEqual([undefined, undefined]);
    expect(await on.db.selectFrom("analyst_sessions").selectAll().execute()).toEqual(sessions);
  });

  it.skipIf(skipped)("takes no Basic credentials whose password holds a NUL character, even one that only adds it to the right password", async () => {
    const response = await on.app.inject({ method: "GET", url: DRAFTS, headers: as({ name: EDITOR.name, password: `${EDITOR.password}\u0000` }) });

    expect(response.statusCode).toBe(401);
  });

  it.skipIf(skipped)("refuses a body whose bytes are not UTF-8 with 400, where they would have been kept as U+FFFD", async () => {
    const before = await stored();
    const payload = Buffer.concat([Buffer.from('{"version":2,"why":"v2 won'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')]);

    const response = await on.app.inject({ method: "POST", url: `${FLOW}/traffic/ship`, headers: { ...as(PUBLISHER), "content-type": "application/json" }, payload });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "The request body is not UTF-8 text: send it as UTF-8." });
    expect(await stored()).toEqual(before);
  });

  it.skipIf(skipped)("takes text with characters outside the basic plane, whole pairs, as sent", async () => {
    const response = await on.app.inject({ method: "PUT", url: `${DRAFTS}/${draftId}`, headers: as(EDITOR), payload: { revision: 1, document: { title: "kept \ud83d\udca1 \u00e9" } } });
    const ship = await on.app.inject({ method: "POST", url: `${FLOW}/traffic/ship`, headers: as(PUBLISHER), payload: { version: 2, why: "v2 won \ud83c\udf89" } });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ revision: 2, document: { title: "kept \ud83d\udca1 \u00e9" } });
    expect(ship.statusCode).toBe(200);
    expect((await on.db.selectFrom("published_flow_changes").select("why").orderBy("change_id", "desc").executeTakeFirst())?.why).toBe("v2 won \ud83c\udf89");
  });
});

function withQuestion(doc: Record<string, unknown>, question: string): Record<string, unknown> {
  const steps = doc.steps as Array<Record<string, unknown>>;
  return { ...doc, steps: steps.map((s, i) => (i === 0 ? { ...s, question } : s)) };
}

describe("text the stores cannot keep alike, in the live preview", () => {
  it("refuses a draft holding a NUL character with 400 naming the field, and keeps nothing", async () => {
    const on = await startQuoteServerOn("SQLite", {}, { analysts: "open" });
    try {
      const response = await on.app.inject({ method: "POST", url: DRAFTS, payload: { flow: "business-energy", baseVersion: 1, document: { title: "new\u0000" } } });

      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ field: "document.title", message: valueMessage("document.title") });
      expect(await on.db.selectFrom("analyst_drafts").selectAll().execute()).toEqual([]);
    } finally {
      await on.close();
    }
  });
});
