/**
 * The flows the production server serves: the published state in the store. It starts as the forms folder reads
 * (so the app can be built before the store is open), then `attach` publishes what forms/ adds to the store and
 * serves the store's state from there on, following its changes: the change counter is read at most once a second
 * and a moved counter reads the whole state again. A new state is checked and swapped in whole, so every request
 * sees one state or the next, never a mixture; a store that cannot be read keeps the last state served.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { readFlowCorpus, type FormsListing } from "../../engine/core/flowCorpus";
import { displayPath, readFormsFolder } from "../../engine/node/formsFolder";
import { createSchemaCheck } from "../../engine/node/validation";
import { catalogOver, type FlowCatalog } from "../flowCatalog";
import { publishedRevision, readPublishedState, type PublishedState } from "../storage/publishedFlowsStore";
import type { Database } from "../storage/schema";
import { brokenFileConflicts, publishFormsFolder } from "./publishFormsFolder";
import { publishedListing, sameListing } from "./publishedListing";

/** How often the change counter is read. */
export const POLL_MS = 1000;
const FOLLOW_WAIT_MS = 20;
const FOLLOW_TRIES = 250;

/** A catalogue over the published state, and what publishing needs of it. */
export interface PublishedFlowCatalog extends FlowCatalog {
  /** Publishes forms/ into the store (throwing PublishedFlowConflictError on a conflict), serves the store's state and follows it. */
  attach(db: Kysely<Database>, log: FastifyBaseLogger, now: Date): Promise<void>;
  /** Reads the store's state now when its counter moved; resolves true when a new state was swapped in. */
  refresh(): Promise<boolean>;
  /** Reads the store until the state in force is at least `revision` (a change this instance has just made). */
  follow(revision: number): Promise<void>;
  /** The listing the state in force was read from (the checks of a publish add a version to it). */
  listing(): FormsListing;
  /** The counter of the state in force. */
  revision(): number;
  /** Stops following the store. */
  close(): void;
}

/** A catalogue over forms/ as it reads now, until attached to a store. */
export function publishedFlowCatalog(formsDir: string): PublishedFlowCatalog {
  const check = createSchemaCheck();
  let forms: FormsListing;
  try {
    forms = readFormsFolder(formsDir);
  } catch (error) {
    throw new Error(`Cannot read the forms folder ${displayPath(formsDir)}: ${String(error)}`, { cause: error });
  }
  const formsCorpus = readFlowCorpus(forms, check);
  let served = { listing: forms, corpus: formsCorpus, revision: -1 };
  let timer: ReturnType<typeof setInterval> | undefined;
  let reading: Promise<boolean> | undefined;
  let store: { db: Kysely<Database>; log: FastifyBaseLogger } | undefined;

  const swapIn = (state: PublishedState) => {
    const listing = publishedListing(forms, state);
    const corpus = sameListing(listing, served.listing) ? served.corpus : sameListing(listing, forms) ? formsCorpus : readFlowCorpus(listing, check);
    served = { listing, corpus, revision: state.revision };
  };
  const readIfMoved = async (): Promise<boolean> => {
    if (!store) return false;
    if ((await publishedRevision(store.db)) === served.revision) return false;
    swapIn(await readPublishedState(store.db));
    return true;
  };
  const refresh = () => (reading ??= readIfMoved().finally(() => (reading = undefined)));

  return {
    ...catalogOver(() => served.corpus),
    listing: () => served.listing,
    revision: () => served.revision,
    refresh,
    async follow(revision) {
      // A read already under way may have begun before the change committed: read again until it is in.
      for (let tries = 0; served.revision < revision; tries += 1) {
        if (tries >= FOLLOW_TRIES) throw new Error(`the published flows did not reach change ${revision} in the store`);
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, FOLLOW_WAIT_MS));
        await refresh();
      }
    },
    async attach(db, log, now) {
      await publishFormsFolder(db, forms, formsCorpus, now);
      const state = await readPublishedState(db);
      const conflict = brokenFileConflicts(forms, formsCorpus, state);
      if (conflict) throw conflict;
      swapIn(state);
      store = { db, log };
      timer = setInterval(() => {
        refresh().catch((error: unknown) => log.error({ err: error }, "the published flows cannot be read; the last state read is served"));
      }, POLL_MS);
      timer.unref();
    },
    close: () => clearInterval(timer),
  };
}
