/**
 * What each keyed lead's submission was: a digest of its flow, version and replayed answers beside its submission key,
 * so the key sent again is answered with the lead only for the same answers (server/leads/takenBefore.ts). Leads
 * already stored with a key get theirs from the answers they stored.
 */
import { sql, type Kysely } from "kysely";
import type { Answers } from "../../../engine/core/types";
import { submissionDigest } from "../../leads/submissionDigest";

const BATCH = 500;

/** Adds the column and fills it for the keyed leads already stored, a batch at a time. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").addColumn("submission_digest", "text").execute();
  for (let after = ""; ; ) {
    const { rows } = await sql<{ id: string; flow_id: string; flow_version: number; answers: string }>`
      select id, flow_id, flow_version, answers from leads where submission_key is not null and id > ${after} order by id limit ${BATCH}`.execute(db);
    if (rows.length === 0) return;
    const digests = rows.map((row) => sql`when ${row.id} then ${submissionDigest(row.flow_id, Number(row.flow_version), JSON.parse(row.answers) as Answers)}`);
    await sql`update leads set submission_digest = case id ${sql.join(digests, sql` `)} end where id in (${sql.join(rows.map((row) => row.id))})`.execute(db);
    after = rows.at(-1)!.id;
  }
}

/** Drops it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("leads").dropColumn("submission_digest").execute();
}
