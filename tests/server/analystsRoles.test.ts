/**
 * Analysts' roles: kept in the store, so a role given or an analyst removed counts at their next request on every
 * instance; an analysts file is imported at the first start only; and needsRole answers a role below the one needed
 * 403 with words that say which, and nobody signed in as the analysts' gate does.
 */
import { writeFile } from "node:fs/promises";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import type { AnalystRole } from "../../server/analysts/analyst";
import { needsRole } from "../../server/analysts/needsRole";
import { importAnalystsFileOnce, listAnalysts, setAnalystRole } from "../../server/storage/analystsStore";
import { makeTempDir, removeTempDir } from "./testServer";
import { ANALYST, basic, OTHER_ANALYST, PAGE_ACCEPT, signIn, writeTestAnalysts } from "./support/analysts";
import { startQuoteServerOn, type QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

let servers: QuoteServerOn[] = [];
let dir: string | undefined;
afterEach(async () => {
  for (const server of servers) await server.close();
  if (dir) await removeTempDir(dir);
  servers = [];
  dir = undefined;
});

describe.each(serverDialects)("analysts' roles on %s", (dialect, skipped) => {
  it.skipIf(skipped)("import the analysts file at the first start with the roles it names, readers otherwise, and never again", async () => {
    dir = await makeTempDir("switchplan-roles-");
    const file = await writeTestAnalysts(dir, [{ ...ANALYST, role: "publisher" }, OTHER_ANALYST]);
    const server = await startQuoteServerOn(dialect, { ANALYSTS_FILE: file });
    servers.push(server);

    const imported = await listAnalysts(server.db);
    // Another start (of this instance or another sharing the store) finds the file imported, and reads it no more.
    await writeTestAnalysts(dir, [{ name: "late", password: "a late arrival's passphrase" }]);
    const again = await importAnalystsFileOnce(server.db, file, new Date());

    expect([...imported.values()].map((a) => [a.name, a.role])).toEqual([
      ["jo", "publisher"],
      ["sam", "reader"],
    ]);
    expect(again).toBeUndefined();
    expect([...(await listAnalysts(server.db)).keys()]).toEqual(["jo", "sam"]);
  });

  it.skipIf(skipped)("let a reader read the results, and a role given counts at the analyst's next request", async () => {
    dir = await makeTempDir("switchplan-roles-");
    const server = await startQuoteServerOn(dialect, { ANALYSTS_FILE: await writeTestAnalysts(dir) });
    servers.push(server);
    const { cookie } = await signIn(server.app, ANALYST);

    const read = await server.app.inject({ method: "GET", url: "/analysts/flows/", headers: { cookie: cookie! } });
    await setAnalystRole(server.db, ANALYST.name, "editor");
    const stillSignedIn = await server.app.inject({ method: "GET", url: "/analysts/flows/", headers: { cookie: cookie! } });

    expect(read.statusCode).toBe(200);
    expect(stillSignedIn.statusCode).toBe(200);
    expect((await listAnalysts(server.db)).get(ANALYST.name)?.role).toBe("editor");
  });
});

describe("an analysts file the store cannot import", () => {
  it("is logged, and the analysts' pages are not served", async () => {
    dir = await makeTempDir("switchplan-roles-");
    const file = `${dir}/analysts.json`;
    await writeFile(file, '{ "analysts": [ { "name": "jo", "passwordHash": "x" } ] }');
    const lines: string[] = [];
    const server = await startQuoteServerOn("SQLite", { ANALYSTS_FILE: file }, { logger: { level: "error", stream: { write: (line: string) => lines.push(line) } } });
    servers.push(server);

    const page = await server.app.inject({ method: "GET", url: "/analysts/flows/", headers: { authorization: basic("jo", "anything at all") } });

    expect(page.statusCode).toBe(404);
    expect(lines.join("")).toContain("the analysts file cannot be imported");
  });
});

/** A bare app whose one route needs `needed`, asked by an analyst with role `held` (or by nobody). */
async function ask(held: AnalystRole | null, needed: AnalystRole, accept = "application/json") {
  const app = Fastify();
  app.decorateRequest("analystRole", null);
  app.decorateRequest("analyst", null);
  app.addHook("onRequest", async (request) => {
    request.analystRole = held;
    if (held) request.analyst = { name: "jo", passwordHash: "", role: held, added: "" };
  });
  app.get("/analysts/thing", { preHandler: needsRole(needed) }, async () => ({ done: true }));
  try {
    return await app.inject({ method: "GET", url: "/analysts/thing", headers: { accept } });
  } finally {
    await app.close();
  }
}

describe("needsRole", () => {
  it.each([
    ["reader", "reader", 200],
    ["editor", "reader", 200],
    ["publisher", "editor", 200],
    ["reader", "editor", 403],
    ["editor", "publisher", 403],
    ["reader", "publisher", 403],
  ] as const)("answers %s asking for what needs %s with %i", async (held, needed, status) => {
    expect((await ask(held, needed)).statusCode).toBe(status);
  });

  it("says which role is needed, which the analyst has, and how an operator gives it", async () => {
    const json = await ask("editor", "publisher");
    const page = await ask("reader", "editor", PAGE_ACCEPT);

    expect(json.json()).toEqual({ message: "This needs a publisher's role or above, and jo is an editor. Ask an operator to run: npm run analysts -- role jo publisher" });
    expect(json.headers["cache-control"]).toBe("no-store");
    expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(page.body).toContain("This needs an editor&#39;s role or above, and jo is a reader.");
  });

  it("answers nobody signed in 401, and sends a browser to the sign-in form", async () => {
    const script = await ask(null, "reader");
    const browser = await ask(null, "reader", PAGE_ACCEPT);

    expect(script.statusCode).toBe(401);
    expect(script.headers["www-authenticate"]).toMatch(/^Basic /);
    expect(browser.statusCode).toBe(303);
    expect(browser.headers.location).toBe("/analysts/sign-in?return=%2Fanalysts%2Fthing");
  });
});
