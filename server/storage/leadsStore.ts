/** Writing and reading leads. No HTTP route reads leads back: findLead is for tests and the operator CLI. */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { toNormalised } from "postcode";
import type { Answers } from "../../engine/core/types";
import type { LeadSubmission, ResponseCode, Tracking } from "../../schemas/generated/lead";
import type { Database, LeadRow, NewLeadRow } from "./schema";

/** A lead as the leads route hands it over, after the flow replay. */
export interface NewLead {
  flowId: string;
  flowVersion: number;
  productType: string;
  serviceType: string;
  testMode: boolean;
  responseCode: ResponseCode;
  /** The replayed answers, derived fields included. */
  answers: Answers;
  tracking?: Tracking;
  consent?: LeadSubmission["consent"];
}

/** Stores a lead in one transaction (delivery rows will join it) and returns its new id. */
export async function insertLead(db: Kysely<Database>, lead: NewLead): Promise<string> {
  const row = toRow(lead);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto("leads").values(row).execute();
  });
  return row.id;
}

/** How many leads are stored, test leads included. */
export async function countLeads(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom("leads")
    .select((eb) => eb.fn.countAll<number | string | bigint>().as("count"))
    .executeTakeFirstOrThrow();
  // PostgreSQL returns count(*) as a bigint string; SQLite as a number.
  return Number(count);
}

/** The stored row of a lead, or undefined when there is none with this id. */
export async function findLead(db: Kysely<Database>, id: string): Promise<LeadRow | undefined> {
  return db.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
}

function toRow(lead: NewLead): NewLeadRow & { id: string } {
  const { answers } = lead;
  return {
    id: randomUUID(),
    created_at: new Date().toISOString(),
    flow_id: lead.flowId,
    flow_version: lead.flowVersion,
    product_type: lead.productType,
    service_type: lead.serviceType,
    test_mode: lead.testMode ? 1 : 0,
    response_code: lead.responseCode,
    first_name: answers.firstName ?? null,
    last_name: answers.lastName ?? null,
    ...contactKeys(answers),
    answers: JSON.stringify(answers),
    tracking: JSON.stringify(lead.tracking ?? {}),
    consent: JSON.stringify(lead.consent ?? {}),
  };
}

/**
 * The contact columns in one canonical spelling each (E.164 phone, upper-case spaced postcode,
 * lower-case e-mail), so "0113 496 0000" and "+441134960000" are found as the same person when
 * de-duplicating or erasing. The answers keep what the visitor typed.
 */
function contactKeys(answers: Answers): Pick<LeadRow, "email" | "phone" | "postcode"> {
  const postcode = answers.postcode ?? answers.businessAddress?.postcode;
  return {
    email: answers.email?.trim().toLowerCase() ?? null,
    phone: answers.phone ? (parsePhoneNumberFromString(answers.phone, "GB")?.number ?? answers.phone) : null,
    postcode: postcode ? (toNormalised(postcode) ?? postcode) : null,
  };
}
