/**
 * Sign-ins sent together: each try takes its place in the failure budget before its password is checked, so at most
 * 10 passwords are ever checked per address and per name in a window however many arrive at once (in memory, and in
 * Redis shared by instances); and the password checks running at once are bounded, so a flood of sign-ins is told to
 * come back rather than queued in front of the site's files. On both stores, with and without Redis.
 */
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_FAILED_SIGN_INS } from "../../server/analysts/signInLimits";
import { analystsServerPerTest, basic, signIn } from "./support/analysts";
import type { QuoteServerOn } from "./support/quoteServerOn";
import { serverDialects } from "./support/serverOnDialect";

const REPORT = "/analysts/flows/";
const PASSWORD = "correct horse battery";
const redisUrl = process.env.TEST_REDIS_URL;

const startWithAnalysts = analystsServerPerTest();

/** A name and an address of this test only: counts kept in a shared Redis outlive the run. */
function fresh() {
  const hex = () => randomBytes(2).toString("hex");
  return { name: `jo-${randomBytes(4).toString("hex")}`, address: `2001:db8:${hex()}:${hex()}::1`, otherAddress: (i: number) => `2001:db8:${hex()}:${i.toString(16)}::1` };
}

const start = (dialect: "SQLite" | "PostgreSQL", name: string, env: Record<string, string>) => startWithAnalysts(dialect, env, [{ name, password: PASSWORD }]);

const byBasic = (s: QuoteServerOn, name: string, password: string, remoteAddress: string) =>
  s.app.inject({ method: "GET", url: REPORT, headers: { authorization: basic(name, password), accept: "*/*" }, remoteAddress });

const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});

/** Each test has up to ten passwords checked one after another: seconds on a busy machine. */
const CHECKS_TIMEOUT_MS = 60_000;

const countings: Array<[string, Record<string, string>, boolean]> = [
  ["in memory", {}, false],
  ["in Redis", redisUrl ? { REDIS_URL: redisUrl } : {}, !redisUrl],
];

describe.each(serverDialects)("sign-ins sent together on %s", (dialect, noDialect) => {
  describe.each(countings)("counted %s", (_counting, env, noRedis) => {
    it.skipIf(noDialect || noRedis)("check at most 10 passwords from one address: of 40 Basic tries at once, no more than 10 are answered 401 or let in, the rest 429", async () => {
      const { name, address } = fresh();
      const s = await start(dialect, name, env);

      // A script sending its right password on every request is not held back by its own tries.
      const together = await Promise.all(Array.from({ length: 20 }, () => byBasic(s, name, PASSWORD, address)));
      const tries = await Promise.all([...Array.from({ length: 39 }, (_, i) => byBasic(s, name, `wrong password ${i}`, address)), byBasic(s, name, PASSWORD, address)]);
      const counts = tally(tries.map((r) => r.statusCode));
      const afterwards = await byBasic(s, name, PASSWORD, address);

      expect(together.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect((counts[401] ?? 0) + (counts[200] ?? 0)).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
      expect((counts[401] ?? 0) + (counts[200] ?? 0) + (counts[429] ?? 0)).toBe(40);
      for (const refused of tries.filter((r) => r.statusCode === 429)) expect(refused.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
      expect(afterwards.statusCode).toBe(counts[401] === MAX_FAILED_SIGN_INS ? 429 : 200);
    }, CHECKS_TIMEOUT_MS);

    it.skipIf(noDialect || noRedis)("check at most 10 passwords for one name: of 15 form posts at once from 15 addresses, no more than 10 are answered 401 or signed in", async () => {
      const { name, otherAddress } = fresh();
      const s = await start(dialect, name, env);

      const posts = await Promise.all(Array.from({ length: 15 }, (_, i) => signIn(s.app, { name, password: i === 14 ? PASSWORD : `wrong password ${i}`, remoteAddress: otherAddress(i) })));
      const counts = tally(posts.map((p) => p.response.statusCode));
      const afterwards = await signIn(s.app, { name, password: PASSWORD, remoteAddress: otherAddress(99) });

      expect((counts[401] ?? 0) + (counts[303] ?? 0)).toBeLessThanOrEqual(MAX_FAILED_SIGN_INS);
      expect((counts[401] ?? 0) + (counts[303] ?? 0) + (counts[429] ?? 0)).toBe(15);
      expect(posts.filter((p) => p.setCookie).length).toBe(counts[303] ?? 0);
      expect(afterwards.response.statusCode).toBe(counts[401] === MAX_FAILED_SIGN_INS ? 429 : 303);
    }, CHECKS_TIMEOUT_MS);

    it.skipIf(noDialect || noRedis)("bound the password checks running at once: of 60 wrong sign-ins from 60 addresses, those past the checks under way are told to try again in a moment", async () => {
      const { name, otherAddress } = fresh();
      const s = await start(dialect, name, env);

      const posts = await Promise.all(Array.from({ length: 60 }, (_, i) => signIn(s.app, { name: `${name}-guess-${i}`, password: `wrong password ${i}`, remoteAddress: otherAddress(i) })));
      const busy = posts.filter((p) => p.response.statusCode === 429);
      const analyst = await signIn(s.app, { name, password: PASSWORD, remoteAddress: otherAddress(99) });

      expect(posts.map((p) => p.response.statusCode).filter((status) => status !== 401 && status !== 429)).toEqual([]);
      expect(busy.length).toBeGreaterThan(0);
      for (const { response } of busy) {
        expect(response.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
        expect(response.body).toContain("Too many sign-ins at once. Try again in a moment.");
      }
      expect(analyst.response.statusCode).toBe(303);
    }, CHECKS_TIMEOUT_MS);
  });
});
