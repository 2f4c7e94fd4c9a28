/**
 * A draft's number is the one free when it was made: when a colleague publishes that number first, the draft is
 * published as the next free one (a publish naming no draft is still refused 409). What the studio publishes is
 * kept as the repository writes a version file, $schema line first, so the studio and /analysts/flows/ find nothing
 * to say about it. On both stores.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../../server/config";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const FLOW = "/api/analysts/flows/business-energy";

/** Business energy v1 as the studio sends a draft of it: numbered `version`, without the file's $schema line. */
async function draftDocument(version: number, question: string): Promise<Record<string, unknown>> {
  const { $schema: _schema, ...doc } = JSON.parse(await readFile(path.join(repoRoot, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
  const steps = doc.steps as Array<Record<string, unknown>>;
  return { ...doc, version, steps: steps.map((s, i) => (i === 0 ? { ...s, question } : s)) };
}

describe.each(serverDialects)("a stale draft number on %s", (dialect, skipped) => {
  const startServer = analystsServerPerTest();

  it.skipIf(skipped)("publishes a draft whose number was taken meanwhile as the next free number, with its $schema line and no finding", async () => {
    const { app, db } = await startServer(dialect, {}, [{ ...ANALYST, role: "publisher" }, { ...OTHER_ANALYST, role: "editor" }]);
    const draft = (document: Record<string, unknown>) => app.inject({ method: "POST", url: "/api/analysts/drafts", headers: asJo, payload: { flow: "business-energy", baseVersion: 1, document } });
    const publish = (document: Record<string, unknown>, draftId?: string) =>
      app.inject({ method: "POST", url: `${FLOW}/versions`, headers: asJo, payload: { document, why: "Reworded", ...(draftId ? { draft: draftId } : {}) } });
    const mine = (await draft(await draftDocument(4, "Mine"))).json<{ id: string }>().id;
    const theirs = (await draft(await draftDocument(4, "Theirs"))).json<{ id: string }>().id;

    const first = await publish(await draftDocument(4, "Theirs"), theirs);
    const withoutDraft = await publish(await draftDocument(4, "Mine"));
    const second = await publish(await draftDocument(4, "Mine"), mine);

    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ version: 4 });
    expect(withoutDraft.statusCode).toBe(409);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toMatchObject({ version: 5 });
    const stored = await db.selectFrom("published_flow_versions").select(["version", "document"]).where("flow_id", "=", "business-energy").where("version", ">=", 4).orderBy("version").execute();
    expect(stored.map((row) => JSON.parse(row.document) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ version: 4, steps: expect.arrayContaining([expect.objectContaining({ question: "Theirs" })]) }),
      expect.objectContaining({ version: 5, steps: expect.arrayContaining([expect.objectContaining({ question: "Mine" })]) }),
    ]);
    expect(stored.map((row) => Object.keys(JSON.parse(row.document) as object)[0])).toEqual(["$schema", "$schema"]);

    const files = (await app.inject({ method: "GET", url: "/api/analysts/studio/flows/business-energy", headers: asJo })).json<{ files: Record<string, unknown>; findings: Array<{ file: string; rule: string }> }>();
    expect(Object.keys(files.files)).toEqual(expect.arrayContaining(["v4.json", "v5.json"]));
    expect(files.findings.filter((f) => /v[45]\.json$/.test(f.file))).toEqual([]);
    const flowsPage = await app.inject({ method: "GET", url: "/analysts/flows/", headers: asJo });
    expect(flowsPage.statusCode).toBe(200);
    expect(flowsPage.body).not.toContain("$schema");
    expect(flowsPage.body).not.toMatch(/npm run/);
  });
});
