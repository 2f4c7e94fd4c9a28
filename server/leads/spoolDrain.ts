/**
 * Moves the spool's leads into the store once it answers: at start, then every second while leads wait, oldest
 * first, one at a time (so a later lead is judged a duplicate of an earlier one, as it would have been). A round stops
 * at the first lead the store still cannot take and tries again a second later.
 */
import type { FastifyBaseLogger } from "fastify";
import type { FlowCatalog } from "../flowCatalog";
import type { LeadMetrics } from "../metrics/leadMetrics";
import type { LeadIntake } from "./acceptLead";
import { storeHeldLead } from "./heldLeads";
import type { LeadSpool } from "./leadSpool";

export interface SpoolDrainOptions {
  spool: LeadSpool;
  intake: LeadIntake;
  flows: FlowCatalog;
  log: FastifyBaseLogger;
  onDeliveriesQueued?: () => void;
  metrics?: LeadMetrics;
  intervalMs?: number;
}

export interface SpoolDrain {
  /** Starts a round soon unless one is due or running (after a lead is held). */
  wake(): void;
  /** Runs a round now (after any running one); resolves with how many leads still wait. */
  drainNow(): Promise<number>;
  stop(): Promise<void>;
}

/** Drains the spool at start and whenever it holds leads. */
export function startSpoolDrain({ spool, intake, flows, log, onDeliveriesQueued, metrics, intervalMs = 1000 }: SpoolDrainOptions): SpoolDrain {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;
  let awayLogged = false;

  const round = async (): Promise<number> => {
    for (const lead of spool.waiting()) {
      if (stopped) break;
      let outcome;
      try {
        outcome = await storeHeldLead(intake, flows, lead);
      } catch (error) {
        if (!awayLogged) log.warn({ err: error, waiting: spool.size() }, "held leads wait for the store; trying again every second");
        awayLogged = true;
        break;
      }
      awayLogged = false;
      if (outcome.kind === "stored") {
        const { answer, queuedDeliveries } = outcome.acceptance;
        metrics?.stored(lead.submission.flowId, answer.code, (Date.now() - new Date(lead.receivedAt).getTime()) / 1000);
        if (answer.code === "2") metrics?.duplicate("person");
        log.info({ leadId: answer.leadId, flowId: lead.submission.flowId, version: lead.submission.version, code: answer.code, buyers: answer.buyers.length }, "held lead stored");
        if (queuedDeliveries) onDeliveriesQueued?.();
      } else if (outcome.kind === "refused") {
        log.error({ leadId: lead.id, flowId: lead.submission.flowId, reason: outcome.reason }, "held lead could not be stored: it is kept in the spool file for the operator");
      } else {
        log.info({ leadId: lead.id }, "held lead was in the store already");
      }
      try {
        await (outcome.kind === "refused" ? spool.setAside(lead) : spool.taken(lead.id));
      } catch (error) {
        log.error({ err: error }, "could not write to the lead spool");
        break;
      }
    }
    return spool.size();
  };

  const run = (): Promise<number> => {
    running ??= round().finally(() => {
      running = undefined;
      schedule();
    });
    return running;
  };

  function schedule(): void {
    if (stopped || timer || spool.size() === 0) return;
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, intervalMs);
    timer.unref?.();
  }

  void run();
  return {
    wake: schedule,
    drainNow: async () => {
      await running;
      return run();
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
