/**
 * A JSON body is refused, before anything walks it, when it nests lists and objects more than MAX_JSON_DEPTH levels
 * deep: 400 with code "3" and the field it is under, nothing stored. The 64 kB limit lets a body nest about 30,000 deep.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../server/plugins/jsonBodies";
import { fixtureLead } from "./support/pipelineFixtures";
import { getQuotePage } from "./support/quoteVisits";
import { serverDialects, startServerOn, type ServerOnDialect } from "./support/serverOnDialect";

/** A lead whose name answer is nested `depth` lists deep (so the body `depth` + 2), as text: JSON.stringify would overflow on it. */
function leadNested(depth: number): string {
  const lead = JSON.stringify(fixtureLead("business-energy", { customerName: "__deep__" }));
  return lead.replace('"__deep__"', `${"[".repeat(depth)}"Sam"${"]".repeat(depth)}`);
}

/** The routes that take JSON bodies. */
const ROUTES = ["/api/leads", "/api/events", "/api/newsletter", "/api/consent"];

const tooDeepMessage = (field: string) => `${field} is nested too deeply: lists and objects may go ${MAX_JSON_DEPTH} levels deep at most`;
const tooDeep = (field: string) => ({ code: "3", message: tooDeepMessage(field), errors: [{ field, message: tooDeepMessage(field) }] });

describe.each(serverDialects)("deeply nested JSON bodies, on %s", (dialect, skipped) => {
  let on: ServerOnDialect;
  beforeAll(async () => {
    if (!skipped) on = await startServerOn(dialect, { quotePages: true, env: { OPENING_HOURS: "always" } });
   }, 60_000);
  afterAll(async () => {
    await on?.close();
  });
  const test = it.skipIf(skipped);
  const post = (url: string, payload: string, cookie?: string) =>
    on.server.app.inject({ method: "POST", url, headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) }, payload });
  const count = async (table: "leads" | "newsletter_subscribers" | "experiment_step_reach") => Number((await on.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  test("refuses a lead with an answer nested 10,000 or 2,000 deep, or one level past the limit, naming answers, and stores nothing; one at the limit is checked as any answer", async () => {
    const answers = [];
    for (const depth of [10_000, 2_000, MAX_JSON_DEPTH - 1, MAX_JSON_DEPTH - 2]) {
      const response = await post("/api/leads", leadNested(depth));
      answers.push([response.statusCode, response.json()]);
    }

    expect(answers).toEqual([
      [400, tooDeep("answers")],
      [400, tooDeep("answers")],
      [400, tooDeep("answers")],
      [400, { code: "3", errors: [expect.objectContaining({ field: "customerName" })] }],
    ]);
    expect(await count("leads")).toBe(0);
  });

  test("refuses a body nested 30,000 deep at every route that takes JSON, before its own checks, and counts and keeps nothing", async () => {
    const { cookie } = await getQuotePage(on.server.app, "fixture-business-energy");
    const before = await Promise.all((["leads", "newsletter_subscribers", "experiment_step_reach"] as const).map(count));
    const deep = `${"[".repeat(30_000)}${"]".repeat(30_000)}`;
    const deepObject = `{"flowId":"fixture-business-energy","tracking":${'{"a":'.repeat(5000)}1${"}".repeat(5000)}}`;

    const answers = [];
    for (const url of ROUTES) {
      for (const body of [deep, deepObject]) {
        const response = await post(url, body, cookie);
        answers.push([url, response.statusCode, response.json()]);
      }
    }

    // The newsletter's answers carry a message alone.
    const refusal = (url: string, field: string) => (url === "/api/newsletter" ? { message: tooDeepMessage(field) } : tooDeep(field));
    expect(answers).toEqual(ROUTES.flatMap((url) => [[url, 400, refusal(url, "body")], [url, 400, refusal(url, "tracking")]]));
    expect(await Promise.all((["leads", "newsletter_subscribers", "experiment_step_reach"] as const).map(count))).toEqual(before);
  });
});
