import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { periodOrigin } from "../../server/analysts/periodOrigin";
import { repoRoot } from "../../server/config";
import { ANALYST, analystsServerPerTest, basic, OTHER_ANALYST } from "./support/analysts";
import { serverDialects } from "./support/serverOnDialect";
import { businessEnergyV1 } from "./testServer";

const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };

async function businessEnergyV1Document(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(repoRoot, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
}

/** Business energy v1 with a new number and a reworded question: a version the checks pass. */
async function newVersion(version = 4): Promise<Record<string, unknown>> {
  const doc = await businessEnergyV1Document();
  const steps = doc.steps as Array<Record<string, unknown>>;
  return { ...doc, version, steps: steps.map((s, i) => (i === 0 ? { ...s, question: `${String(s.question)} (reworded)` } : s)) };
}

function post(app: FastifyInstance, url: string, payload: object, headers: Record<string, string | undefined> = asJo) {
  return app.inject({ method: "POST", url, headers, payload });
}

const publish = (app: FastifyInstance, document: object, why = "Shorter first question") => post(app, "/api/analysts/flows/business-energy/versions", { document, why });
const history = async (app: FastifyInstance) =>
  (await app.inject({ method: "GET", url: "/api/analysts/flows/business-energy/history", headers: asJo })).json<{ changes: Array<Record<string, unknown>> }>().changes;
const leadFor = (app: FastifyInstance, version: number) => app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1({}, { version }) });

describe.each(serverDialects)("publishing on %s", (dialect, skipped) => {
  const startServer = analystsServerPerTest();
  /** Jo publishes; Sam, an editor, may not. */
  const start = (on: typeof dialect) => startServer(on, {}, [{ ...ANALYST, role: "publisher" }, { ...OTHER_ANALYST, role: "editor" }]);

  it.skipIf(skipped)("publishes a new version: leads for it are taken at once, and the history says who, when and why", async () => {
    const { app } = await start(dialect);
    expect((await leadFor(app, 4)).statusCode).toBe(400);

    const published = await publish(app, await newVersion());

    expect(published.statusCode).toBe(201);
    expect(published.json()).toEqual({ change: expect.any(Number), version: 4 });
    expect((await leadFor(app, 4)).json()).toMatchObject({ code: "1" });
    expect((await history(app))[0]).toMatchObject({ kind: "publish", version: 4, analyst: ANALYST.name, why: "Shorter first question", at: expect.any(String) });
  });

  it.skipIf(skipped)("refuses a broken version with the checks' findings, and changes nothing", async () => {
    const { app } = await start(dialect);
    const broken = await newVersion();
    (broken.steps as Array<Record<string, unknown>>)[0]!.next = "nowhere";
    const before = await history(app);

    const refused = await publish(app, broken);

    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: expect.stringContaining("was not published"), findings: [expect.objectContaining({ severity: "error", rule: "unknown-step" })] });
    expect(await history(app)).toEqual(before);
    expect((await leadFor(app, 4)).statusCode).toBe(400);
  });

  it.skipIf(skipped)("refuses a version whose sending step collects no way to reach the visitor, in the studio's words, and stores nothing", async () => {
    const { app, db } = await start(dialect);
    const unsellable = await newVersion();
    const contact = (unsellable.steps as Array<Record<string, unknown>>).find((s) => s.id === "contact")!;
    contact.fields = ["businessName", "customerName"];
    const before = await history(app);

    const refused = await publish(app, unsellable);

    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ findings: unknown[] }>().findings).toEqual([
      expect.objectContaining({
        rule: "unsellable-lead",
        step: "contact",
        message: expect.stringMatching(/^the lead sent at "Where should we send your quotes\?" can go without Phone number \(phone\) and Email \(email\) on the way /),
      }),
    ]);
    expect(await history(app)).toEqual(before);
    expect(await db.selectFrom("published_flow_versions").select("version").where("flow_id", "=", "business-energy").where("version", "=", 4).execute()).toEqual([]);
    expect((await leadFor(app, 4)).statusCode).toBe(400);
  });

  it.skipIf(skipped)("refuses an editor's publish and traffic change with 403, and changes nothing", async () => {
    const { app } = await start(dialect);
    const asSam = { authorization: basic(OTHER_ANALYST.name, OTHER_ANALYST.password) };
    const refused = await post(app, "/api/analysts/flows/business-energy/versions", { document: await newVersion(), why: "Not mine to publish" }, asSam);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).toMatch(/publisher/);
    expect((await post(app, "/api/analysts/flows/business-energy/traffic/ship", { version: 1, why: "No" }, asSam)).statusCode).toBe(403);
    expect((await leadFor(app, 4)).statusCode).toBe(400);
    expect((await history(app)).filter((c) => c.analyst === OTHER_ANALYST.name)).toEqual([]);
  });

  it.skipIf(skipped)("never changes a published version: the same number is refused, and a new number is asked for", async () => {
    const { app } = await start(dialect);
    const again = await publish(app, { ...(await newVersion(1)), title: "Changed" });

    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe("business-energy v1 is already published, and a published version never changes: publish these changes as v4.");
  });

  it.skipIf(skipped)("asks for a one-line why", async () => {
    const { app } = await start(dialect);
    for (const why of ["", "two\nlines", undefined]) {
      const refused = await post(app, "/api/analysts/flows/business-energy/versions", { document: await newVersion(), why });
      expect(refused.statusCode).toBe(400);
    }
  });

  it.skipIf(skipped)("refuses a change posted from another site, and anyone not signed in", async () => {
    const { app } = await start(dialect);
    expect((await post(app, "/api/analysts/flows/business-energy/traffic/ship", { version: 2, why: "x" }, { ...asJo, origin: "https://evil.example" })).statusCode).toBe(403);
    expect((await post(app, "/api/analysts/flows/business-energy/traffic/ship", { version: 2, why: "x" }, {})).statusCode).toBe(401);
    expect((await history(app)).filter((c) => c.analyst === ANALYST.name)).toEqual([]);
  });

  it.skipIf(skipped)("records each traffic change and a restore of a past entry in the history, with before and after", async () => {
    const { app, db } = await start(dialect);
    const weights = await post(app, "/api/analysts/flows/business-energy/traffic", { weights: { "1": 80, "2": 20, "3": 0 }, control: 1, plannedPerVersion: 2000, why: "Try v2 on a fifth" });
    expect(weights.statusCode).toBe(200);
    const ship = await post(app, "/api/analysts/flows/business-energy/traffic/ship", { version: 2, why: "v2 won" });
    expect(ship.statusCode).toBe(200);
    const restore = await post(app, "/api/analysts/flows/business-energy/traffic/restore", { change: weights.json<{ change: number }>().change, why: "Back to the test" });
    expect(restore.statusCode).toBe(200);

    const changes = await history(app);
    expect(changes.slice(0, 3).map((c) => [c.kind, c.why, c.analyst])).toEqual([
      ["traffic", "Back to the test", ANALYST.name],
      ["traffic", "v2 won", ANALYST.name],
      ["traffic", "Try v2 on a fifth", ANALYST.name],
    ]);
    expect(changes[1]).toMatchObject({ before: { default: 1, weights: { "1": 80, "2": 20, "3": 0 } }, after: { default: 2, weights: { "1": 0, "2": 100, "3": 0 } } });
    expect(changes[0]!.after).toEqual(changes[2]!.after);

    // The results page names the change that began each period, and the one that returned to it.
    const ids = changes.slice(0, 3).map((c) => c.change as number);
    const originOf = async (weights: Record<string, number>, control: number) => {
      const origin = await periodOrigin(db, "business-energy", { weights, control });
      return origin && { began: origin.began.change_id, resumed: origin.resumed?.change_id };
    };
    expect(await originOf({ "1": 80, "2": 20, "3": 0 }, 1)).toEqual({ began: ids[2], resumed: ids[0] });
    expect(await originOf({ "1": 0, "2": 100, "3": 0 }, 2)).toEqual({ began: ids[1], resumed: undefined });
    expect(await originOf({ "1": 10, "2": 90 }, 1)).toBeUndefined();
  });

  it.skipIf(skipped)("stops a version by giving its share to the others in proportion", async () => {
    const { app } = await start(dialect);
    await post(app, "/api/analysts/flows/business-energy/traffic", { weights: { "1": 50, "2": 30, "3": 20 }, control: 1, why: "Three-way test" });

    const stop = await post(app, "/api/analysts/flows/business-energy/traffic/stop", { version: 3, why: "v3 loses leads" });

    expect(stop.statusCode).toBe(200);
    expect((await history(app))[0]!.after).toMatchObject({ default: 1, weights: { "1": 62.5, "2": 37.5, "3": 0 } });
  });

  it.skipIf(skipped)("refuses weights the split's checks refuse, in the checks' words", async () => {
    const { app } = await start(dialect);
    const refused = await post(app, "/api/analysts/flows/business-energy/traffic", { weights: { "1": 80, "2": 10 }, control: 1, why: "Typo" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ findings: [expect.objectContaining({ rule: "split-total", message: expect.stringContaining("add up to 90") })] });
  });

  it.skipIf(skipped)("leaves the previous state served when the store fails half-way through a publish", async () => {
    const { app, db } = await start(dialect);
    if (dialect === "SQLite") {
      await sql`create trigger fail_change before insert on published_flow_changes begin select raise(abort, 'the disk is full'); end`.execute(db);
    } else {
      await sql`create function fail_change() returns trigger language plpgsql as $$ begin raise exception 'the disk is full'; end $$`.execute(db);
      await sql`create trigger fail_change before insert on published_flow_changes for each row execute function fail_change()`.execute(db);
    }

    const failed = await publish(app, await newVersion());

    expect(failed.statusCode).toBe(500);
    expect((await leadFor(app, 4)).statusCode).toBe(400);
    expect(await db.selectFrom("published_flow_versions").select("version").where("flow_id", "=", "business-energy").where("version", "=", 4).execute()).toEqual([]);
    expect((await leadFor(app, 1)).json()).toMatchObject({ code: "1" });
  });
});
