import { sql } from "kysely";
import pg from "pg";
import { openDatabase } from "../server/storage/database";
import { insertRoutedLead } from "../server/storage/leadsStore";
import { takeSlotsApart } from "../server/storage/capSlots";
import { energyLead } from "../tests/server/support/storedLeads";
const base = "postgres://postgres@127.0.0.1:5432/test";
const schema = `timing_${process.pid}`;
const db = await openDatabase({ url: base, schema });
const offer = (k: string) => ({ buyerKey: k, buyerId: k, buyerName: k, dailyCap: 1e9, firstAttemptAt: new Date(), responseCode: "5" as const });
const options = { exclusive: [], generic: [offer("a"), offer("b"), offer("c")], maxGeneric: 3, duplicateWindowMs: 3600e3, capDay: "2026-11-27", noBuyer: { code: "0" as const, note: "none" }, duplicate: { code: "2" as const, note: "dup" }, erased: { code: "0" as const, note: "erased" } };
const N = 1500;
const time = async (name: string, f: (i: number) => Promise<unknown>) => { for (let i = 0; i < 100; i++) await f(100000 + i + name.length * 1000); const t = performance.now(); for (let i = 0; i < N; i++) await f(i + name.length * 100000); console.log(name, ((performance.now() - t) / N).toFixed(3), "ms"); };
for (let r = 0; r < 1; r++) {
  await time("select1", () => sql`select 1`.execute(db));
  await time("slots", () => takeSlotsApart(db, options));
  await time("lead+slots", (i) => insertRoutedLead(db, energyLead(i + r * 1e6, new Date()), options));
}
console.log(schema); await new Promise((r) => setTimeout(r, 1));
if (process.env.KEEP) process.exit(0);
await db.destroy();
const c = new pg.Client({ connectionString: base }); await c.connect(); await c.query(`drop schema ${schema} cascade`); await c.end();
