/**
 * The flows the production server serves: the published state in the store. It starts as the forms folder reads
 * (so the app can be built before the store is open), then `attach` publishes what forms/ adds to the store and
 * serves the store's state from there on, following its changes: told of each by a notice (PostgreSQL's
 * LISTEN/NOTIFY, storage/publishedNotices.ts) and, as the fallback, reading the change counter every second. A moved
 * counter reads only the rows changed since (the versions published, the traffic set), and the flows they touch are
 * read and checked again in a thread of their own (publishedStateThread.ts), the other flows kept as they were; the
 * new state is swapped in whole, so every request sees one state or the next, never a mixture. A store that cannot
 * be read keeps the last state served.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { performance } from "node:perf_hooks";
import { spliceFlows } from "../../engine/core/corpusSplice";
import type { Finding } from "../../engine/core/findings";
import { readFlowCorpus, type FlowCorpus, type FormsListing } from "../../engine/core/flowCorpus";
import { displayPath, readFormsFolder } from "../../engine/node/formsFolder";
import { createSchemaCheck } from "../../engine/node/validation";
import { catalogOver, type FlowCatalog } from "../flowCatalog";
import { readPublishedChangesSince, readPublishedState, type PublishedState } from "../storage/publishedFlowsStore";
import type { NoticeHandler } from "../storage/publishedNotices";
import type { Database } from "../storage/schema";
import { brokenFileConflicts, publishFormsFolder } from "./publishFormsFolder";
import { publishedListing, sameListing } from "./publishedListing";
import { applyChanges, folderListing, listingFolders, type Folders } from "./publishedStateShapes";
import { publishedStateWorker } from "./publishedStateWorker";

/** How often the change counter is read when no notice comes. */
export const POLL_MS = 1000;
const FOLLOW_WAIT_MS = 20;
const FOLLOW_TRIES = 250;

/** One new state swapped in: the flows read again ("all" at start or for a new flow), and where the time went. */
export interface Rebuild {
  revision: number;
  flows: string[] | "all";
  /** The thread's time reading and checking. */
  workerMs: number;
  /** This thread's busy time from the read of the store to the swap (its event loop's active time meanwhile). */
  loopMs: number;
}

/** How an attached catalogue follows the store. */
export interface FollowOptions {
  /** How often the counter is read without a notice (POLL_MS). */
  pollMs?: number;
  /** Listens for notices of changes (PostgreSQL); without it, the poll alone. */
  listen?: (onNotice: NoticeHandler) => { close(): Promise<void> };
  /** Hears each new state swapped in (the bench's figures). */
  onRebuilt?: (rebuild: Rebuild) => void;
}

/** A catalogue over the published state, and what publishing needs of it. */
export interface PublishedFlowCatalog extends FlowCatalog {
  /** Publishes forms/ into the store (throwing PublishedFlowConflictError on a conflict), serves the store's state and follows it. */
  attach(db: Kysely<Database>, log: FastifyBaseLogger, now: Date, follow?: FollowOptions): Promise<void>;
  /** Reads the store's changes now when its counter moved; resolves true when a new state was swapped in. */
  refresh(): Promise<boolean>;
  /** Reads the store until the state in force is at least `revision` (a change this instance has just made). */
  follow(revision: number): Promise<void>;
  /** The listing the state in force was read from. */
  listing(): FormsListing;
  /** The checks of a publish, off this thread: the flow with the new version in it, then every way through the version. */
  checkVersion(flowId: string, version: number, text: string): Promise<Finding[]>;
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
  let served: { folders: Folders; corpus: FlowCorpus; revision: number } = { folders: listingFolders(forms), corpus: formsCorpus, revision: -1 };
  let listed: FormsListing | undefined = forms;
  let timer: ReturnType<typeof setInterval> | undefined;
  let notices: { close(): Promise<void> } | undefined;
  let reading: Promise<boolean> | undefined;
  let queued: Promise<boolean> | undefined;
  let store: { db: Kysely<Database>; log: FastifyBaseLogger; onRebuilt?: (rebuild: Rebuild) => void } | undefined;
  const thread = publishedStateWorker();
  // The thread holds the state as of this start count; a thread started since holds nothing.
  let threadStart = -1;
  const threadHolds = () => thread.running() && threadStart === thread.starts();

  /** The whole state read again: at attach, when the counter went back (a store replaced), or for a new thread. */
  const startOver = async (state: PublishedState) => {
    const listing = publishedListing(forms, state);
    const same = sameListing(listing, forms);
    const answer = await thread.ask({ kind: "start", listing, wantCorpus: !same });
    threadStart = thread.starts();
    const corpus = answer.kind === "corpus" ? answer.corpus : formsCorpus;
    served = { folders: listingFolders(listing), corpus, revision: state.revision };
    listed = listing;
    return answer.workerMs;
  };

  const readIfMoved = async (): Promise<boolean> => {
    if (!store) return false;
    const { db, onRebuilt } = store;
    const loop = performance.eventLoopUtilization();
    const changes = await readPublishedChangesSince(db, served.revision);
    // A thread started since (the last one stopped) holds nothing: it is given the whole state.
    if (changes.revision === served.revision && threadHolds()) return false;
    let rebuilt: Omit<Rebuild, "loopMs">;
    if (changes.revision < served.revision || !threadHolds()) {
      const state = await readPublishedState(db);
      rebuilt = { revision: state.revision, flows: "all", workerMs: await startOver(state) };
    } else {
      const answer = await thread.ask({ kind: "apply", changes });
      const folders = served.folders;
      const touched = applyChanges(folders, changes);
      const corpus = answer.kind === "corpus" ? answer.corpus : answer.kind === "flows" ? spliceFlows(served.corpus, answer.readings) : served.corpus;
      served = { folders, corpus, revision: changes.revision };
      listed = undefined;
      rebuilt = { revision: changes.revision, flows: answer.kind === "corpus" ? "all" : [...touched], workerMs: answer.workerMs };
    }
    onRebuilt?.({ ...rebuilt, loopMs: performance.eventLoopUtilization(loop).active });
    return true;
  };
  // One read at a time; a call during a read (a notice of a change that read may have begun before) reads once more after it.
  const refresh = (): Promise<boolean> => {
    if (reading) return (queued ??= reading.catch(() => false).then(() => ((queued = undefined), refresh())));
    reading = readIfMoved().finally(() => (reading = undefined));
    return reading;
  };
  const refreshLogged = () => {
    refresh().catch((error: unknown) => store?.log.error({ err: error }, "the published flows cannot be read; the last state read is served"));
  };

  return {
    ...catalogOver(() => served.corpus),
    listing: () => (listed ??= folderListing(forms.root, served.folders)),
    revision: () => served.revision,
    refresh,
    async checkVersion(flowId, version, text) {
      if (!threadHolds()) await refresh();
      const answer = await thread.ask({ kind: "check", flowId, version, text });
      return answer.kind === "findings" ? answer.findings : [];
    },
    async follow(revision) {
      // A read already under way may have begun before the change committed: read again until it is in.
      for (let tries = 0; served.revision < revision; tries += 1) {
        if (tries >= FOLLOW_TRIES) throw new Error(`the published flows did not reach change ${revision} in the store`);
        if (tries > 0) await new Promise((resolve) => setTimeout(resolve, FOLLOW_WAIT_MS));
        await refresh();
      }
    },
    async attach(db, log, now, { pollMs = POLL_MS, listen, onRebuilt } = {}) {
      await publishFormsFolder(db, forms, formsCorpus, now);
      const state = await readPublishedState(db);
      const conflict = brokenFileConflicts(forms, formsCorpus, state);
      if (conflict) throw conflict;
      const loop = performance.eventLoopUtilization();
      const workerMs = await startOver(state);
      onRebuilt?.({ revision: state.revision, flows: "all", workerMs, loopMs: performance.eventLoopUtilization(loop).active });
      store = { db, log, ...(onRebuilt ? { onRebuilt } : {}) };
      notices = listen?.((revision) => {
        if (revision === undefined || revision > served.revision) refreshLogged();
      });
      timer = setInterval(refreshLogged, pollMs);
      timer.unref();
    },
    close: () => {
      clearInterval(timer);
      void notices?.close();
      void thread.close();
    },
  };
}
