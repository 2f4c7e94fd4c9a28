import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { ANALYST, basic } from "./support/analysts";
import { testDatabaseUrl } from "./support/databases";
import { eventually } from "./support/eventually";
import { twoInstancesForTests } from "./support/twoInstances";
import { businessEnergyV1 } from "./testServer";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { repoRoot } from "../../server/config";

const asJo = { authorization: basic(ANALYST.name, ANALYST.password) };

/** The versions 20 new visits to business energy are served by this instance, as the site's app asks. */
async function servedVersions(app: FastifyInstance): Promise<number[]> {
  const visits = Array.from({ length: 20 }, () => app.inject({ method: "GET", url: "/api/quote-version?flow=business-energy" }));
  return [...new Set((await Promise.all(visits)).map((r) => r.json<{ version: number }>().version))].sort();
}

describe.skipIf(!testDatabaseUrl)("two instances on one PostgreSQL", () => {
  const { a, b } = twoInstancesForTests();

  it("serves a version published on one instance from the other, with no restart", async () => {
    const doc = JSON.parse(await readFile(path.join(repoRoot, "forms", "business-energy", "v1.json"), "utf8")) as Record<string, unknown>;
    const published = await a().app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/versions", headers: asJo, payload: { document: { ...doc, version: 4 }, why: "Same as v1, to compare" } });
    expect(published.statusCode).toBe(201);

    const lead = await eventually(
      async () => (await b().app.inject({ method: "POST", url: "/api/leads", payload: businessEnergyV1({}, { version: 4 }) })).statusCode,
      (status) => status === 200,
    );
    expect(lead).toBe(200);
  });

  it("follows a traffic change made on the other instance, and its restore", async () => {
    const ship = await a().app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/traffic/ship", headers: asJo, payload: { version: 2, why: "v2 won" } });
    expect(ship.statusCode).toBe(200);
    expect(await eventually(() => servedVersions(b().app), (v) => v.join() === "2")).toEqual([2]);

    const first = (await b().app.inject({ method: "GET", url: "/api/analysts/flows/business-energy/history", headers: asJo })).json<{ changes: Array<{ change: number; kind: string; analyst: string }> }>().changes.findLast((c) => c.kind === "traffic")!;
    const restore = await b().app.inject({ method: "POST", url: "/api/analysts/flows/business-energy/traffic/restore", headers: asJo, payload: { change: first.change, why: "Back to forms/" } });
    expect(restore.statusCode).toBe(200);
    expect(first.analyst).toBe("forms/");
    // forms/' split shares visitors between v1, v2 and v3 again: a new visit is no longer sure to get v2.
    expect(await eventually(() => servedVersions(a().app), (v) => v.length > 1)).not.toEqual([2]);
  });
});
