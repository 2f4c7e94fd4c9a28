/**
 * The studio's controls on the server: a draft's preview links listed (never their tokens) and revoked, a publish
 * that names its draft ending its links, and the decision settings (the metric decided on, the guardrails) set as a
 * traffic change, in the history, starting a new experiment period.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import type { Finding } from "../../engine/core/findings";
import { inStudioWords } from "../../engine/studio/studioWords";
import { repoRoot } from "../../server/config";
import { ANALYST, analystsServerPerTest, basic } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";

const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };
const TRAFFIC = "/api/analysts/flows/business-energy/traffic";

/** business-energy v1 as a new version 4 with a reworded first question. */
function draftDocument(): Record<string, unknown> {
  const doc = JSON.parse(readFileSync(path.join(repoRoot, "forms", "business-energy", "v1.json"), "utf8")) as { steps: Array<Record<string, unknown>> };
  return { ...doc, version: 4, steps: doc.steps.map((s, i) => (i === 0 ? { ...s, question: `${String(s.question)} (reworded)` } : s)) };
}

async function draftWithLinks(app: FastifyInstance, count: number) {
  const draft = await app.inject({ method: "POST", url: "/api/analysts/drafts", headers: asJo, payload: { flow: "business-energy", baseVersion: 1, document: draftDocument() } });
  const { id } = draft.json<{ id: string }>();
  const urls: string[] = [];
  for (let i = 0; i < count; i++) urls.push((await app.inject({ method: "POST", url: `/api/analysts/drafts/${id}/preview-links`, headers: asJo })).json<{ url: string }>().url);
  return { id, urls };
}

const links = async (app: FastifyInstance, id: string) => (await app.inject({ method: "GET", url: `/api/analysts/drafts/${id}/preview-links`, headers: asJo })).json<{ links: Array<{ id: string; createdBy: string; expiresAt: string }> }>().links;
const history = async (app: FastifyInstance) => (await app.inject({ method: "GET", url: "/api/analysts/flows/business-energy/history", headers: asJo })).json<{ changes: Array<Record<string, unknown>> }>().changes;

describe.each(serverDialects)("studio controls on %s", (dialect, skipped) => {
  const startServer = analystsServerPerTest();
  const start = () => startServer(dialect, {}, [{ ...ANALYST, role: "publisher" }], { now: () => new Date("2026-11-27T10:00:00Z") });

  it.skipIf(skipped)("lists a draft's live preview links without their tokens, and revokes one", async () => {
    const { app } = await start();
    const { id, urls } = await draftWithLinks(app, 2);

    const listed = await links(app, id);
    const revoked = await app.inject({ method: "DELETE", url: `/api/analysts/drafts/${id}/preview-links/${listed[0]!.id}`, headers: asJo });
    const again = await app.inject({ method: "DELETE", url: `/api/analysts/drafts/${id}/preview-links/${listed[0]!.id}`, headers: asJo });
    const pages = await Promise.all(urls.map((url) => app.inject({ method: "GET", url })));

    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ createdBy: ANALYST.name, expiresAt: "2026-12-04T10:00:00.000Z" });
    for (const url of urls) expect(JSON.stringify(listed)).not.toContain(url.split("/")[2]);
    expect(revoked.statusCode).toBe(204);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: "There is no such preview link: it was revoked, or has ended." });
    expect(pages.map((p) => p.statusCode).sort()).toEqual([200, 404]);
    expect(await links(app, id)).toHaveLength(1);
  });

  it.skipIf(skipped)("ends a draft's preview links when a publish names the draft", async () => {
    const { app } = await start();
    const { id, urls } = await draftWithLinks(app, 1);

    const published = await app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/versions", headers: asJo, payload: { document: draftDocument(), why: "Reworded", draft: id } });
    const page = await app.inject({ method: "GET", url: urls[0]! });

    expect(published.statusCode).toBe(201);
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain("This preview link has ended");
  });

  it.skipIf(skipped)("sets the metric decided on and the guardrails as a traffic change, kept until changed, in the history", async () => {
    const { app } = await start();
    const base = { weights: { "1": 40, "2": 40, "3": 20 }, control: 1 };

    const decided = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { ...base, decideOn: "leads", guardrails: { acceptedLeads: 0.1 }, why: "Judge on leads" } });
    const weightsOnly = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { ...base, weights: { "1": 50, "2": 50, "3": 0 }, why: "Two-way" } });
    const back = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { ...base, weights: { "1": 50, "2": 50, "3": 0 }, decideOn: null, guardrails: null, why: "Default metric" } });
    const changes = await history(app);

    expect([decided.statusCode, weightsOnly.statusCode, back.statusCode]).toEqual([200, 200, 200]);
    expect(changes[2]).toMatchObject({ kind: "traffic", why: "Judge on leads", after: { decideOn: "leads", guardrails: { acceptedLeads: 0.1 } } });
    expect(changes[1]!.after).toMatchObject({ weights: { "1": 50, "2": 50, "3": 0 }, decideOn: "leads", guardrails: { acceptedLeads: 0.1 } });
    expect(changes[0]!.after).not.toHaveProperty("decideOn");
    expect(changes[0]!.after).not.toHaveProperty("guardrails");
  });

  it.skipIf(skipped)("refuses a metric or guardrail it does not know in plain words, and changes nothing", async () => {
    const { app } = await start();
    const base = { weights: { "1": 40, "2": 40, "3": 20 }, control: 1, why: "Try" };
    const before = await history(app);

    const metric = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { ...base, decideOn: "clicks" } });
    const rail = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { ...base, guardrails: { leads: 5 } } });

    expect(metric.statusCode).toBe(400);
    expect(metric.json()).toEqual({ message: 'The metric to decide on must be one of "leads", "acceptedLeads" or "value".' });
    expect(rail.statusCode).toBe(400);
    expect(rail.json()).toEqual({ message: "The guardrail on leads must be a loss between 0 and 1 (0.05 is at most 5% lost)." });
    expect(await history(app)).toEqual(before);
  });

  it.skipIf(skipped)("refuses weights that do not add up to 100 saying nothing changed, never what visitors get until it is fixed", async () => {
    const { app } = await start();
    const before = await history(app);

    const refused = await app.inject({ method: "POST", url: TRAFFIC, headers: asJo, payload: { weights: { "1": 60, "2": 30, "3": 0 }, control: 1, decideOn: "leads", why: "Try" } });
    const body = refused.json<{ message: string; findings: Finding[] }>();

    expect(refused.statusCode).toBe(422);
    expect(body.message).toBe("The traffic was not changed, and visitors are shared as before: fix what the checks found first.");
    expect(JSON.stringify(body)).not.toMatch(/until it is fixed|every visitor gets/);
    expect(body.findings.map((f) => inStudioWords(f))).toEqual([expect.objectContaining({ message: "the weights add up to 90, not 100", fix: "change the weights in Traffic so they add up to 100" })]);
    expect(await history(app)).toEqual(before);
  });
});
