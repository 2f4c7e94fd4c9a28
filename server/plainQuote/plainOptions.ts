/** What the plain quote needs, shared by its GET and post halves. */
import type { Kysely } from "kysely";
import type { SchemaCheck } from "../../engine/core/types";
import type { AddressProvider } from "../addresses/addressProvider";
import type { BuyerDirectory } from "../buyers/buyerDirectory";
import type { FlowCatalog } from "../flowCatalog";
import type { ClientBudget } from "../security/clientBudget";
import type { OpeningHours } from "../hours/openingHours";
import type { LeadTaking } from "../leads/takeLead";
import type { Database } from "../storage/schema";
import type { KeptCopies } from "./keptCopies";

/** What the plain quote needs. */
export interface PlainQuoteOptions {
  db: Kysely<Database>;
  flows: FlowCatalog;
  check: SchemaCheck;
  taking: LeadTaking;
  addresses: AddressProvider;
  /** Address lookups per client, visit and session, shared with GET /api/addresses. */
  addressBudget: ClientBudget;
  buyers: BuyerDirectory;
  siteHours: OpeningHours;
  /** The forms folder, whose deals files a deals step shows. */
  formsDir: string;
  now: () => Date;
  /** The instance's copies of the quote states the store held (keptCopies.ts); the plain quote makes its own when none is given. */
  copies?: KeptCopies;
}
