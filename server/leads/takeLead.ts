/**
 * One lead's way in, wherever it was sent from (POST /api/leads, or a quote filled in without scripts): bots are
 * answered quietly, the flow is replayed over the answers (a submission key sent again too), a key that took a lead
 * before is answered by it, and the lead is handed to intake.
 */
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { SOMETHING_WENT_WRONG } from "../../engine/core/messages";
import { replayFlow } from "../../engine/core/replayFlow";
import { placeStepTimes } from "../../engine/core/stepTimes";
import { stepsToSubmit } from "../../engine/core/submitStep";
import type { Answers, FlowDocument, SchemaCheck } from "../../engine/core/types";
import type { LeadResponse, LeadSubmission } from "../../schemas/generated/lead";
import type { FlowCatalog } from "../flowCatalog";
import type { LeadMetrics } from "../metrics/leadMetrics";
import { isStoreOutage } from "../storage/storeErrors";
import { acceptLead, type Acceptance, type LeadIntake } from "./acceptLead";
import { heldAnswer } from "./heldLeads";
import type { HeldLead, LeadSpool } from "./leadSpool";
import { botReason, decoyLeadAnswer } from "./botCheck";
import { startTokenIssuedAt, type StartTokens } from "./startToken";
import type { LeadEntry, LeadSession } from "../consent/certificate";
import { submissionDigest } from "./submissionDigest";
import { answerToKeyTakenBefore, leadTakenBefore, type TakenBefore } from "./takenBefore";

/** What taking a lead needs. */
export interface LeadTaking {
  intake: LeadIntake;
  flows: FlowCatalog;
  /** Validates a step's answers against its schema during the replay. */
  check: SchemaCheck;
  /** A lead sent sooner than this after its start token was issued is a bot's; 0 turns the check off. */
  minFillMs: number;
  startTokens: StartTokens;
  /** Called after a lead with deliveries is committed (wakes the delivery worker). */
  onDeliveriesQueued?: () => void;
  /** Counts what happens to each submission (when the server exports metrics). */
  metrics?: LeadMetrics;
  /** Where a valid lead waits while the store cannot take it (server/leads/leadSpool.ts); without one it is refused. */
  spool?: LeadSpool;
  /** Called after a lead is held (wakes the spool's drain). */
  onHeld?: () => void;
}

/** The HTTP status and the answer for one submission. */
export interface TakenLead {
  status: 200 | 400 | 409 | 503;
  answer: LeadResponse;
  /** With 409: the lead its key took before, with other answers. */
  keyTook?: TakenBefore;
}

/** Where a submission came from: the visit (when counted), the request, and how the form was filled in. */
export interface SubmissionSource {
  visitId: string | undefined;
  requestId: string;
  /** By the page's script (POST /api/leads) unless said. */
  entry?: LeadEntry;
  /** When each step was answered (ISO), by step id, as the server kept it (the plain forms). */
  answeredAt?: Record<string, string>;
}

/** Takes one submission sent by request `requestId` from the visit `visitId` (when counted); never logs its answers. */
export async function takeLead(taking: LeadTaking, submission: LeadSubmission, source: SubmissionSource, log: FastifyBaseLogger): Promise<TakenLead> {
  const { visitId, requestId } = source;
  const { intake, flows, check, minFillMs, startTokens, onDeliveriesQueued, metrics, spool } = taking;
  const arrived = performance.now();
  const receivedAt = intake.now();
  metrics?.received(submission.flowId);
  const bot = botReason(submission, startTokens, minFillMs, receivedAt);
  if (bot) {
    metrics?.droppedAsBot();
    log.info({ reason: bot }, "lead dropped as a bot's");
    return { status: 200, answer: decoyLeadAnswer(!intake.siteHours.isOpen(receivedAt)) };
  }

  const flow = flows.getFlow(submission.flowId, submission.version);
  if (!flow && flows.isBroken(submission.flowId, submission.version)) {
    // The page was built from a good copy, but the server's file has an error (logged at start): our fault.
    log.error({ flowId: submission.flowId, version: submission.version }, "lead for a quote flow version that is not served");
    metrics?.refused("4");
    return { status: 503, answer: { code: "4", message: SOMETHING_WENT_WRONG } };
  }
  if (!flow) {
    metrics?.refused("3");
    const unknownFlow = !flows.hasFlow(submission.flowId);
    return {
      status: 400,
      answer: {
        code: "3",
        errors: [
          unknownFlow
            ? { field: "flowId", message: `Unknown quote form "${submission.flowId}"` }
            : { field: "version", message: `Quote form "${submission.flowId}" has no version ${submission.version}` },
        ],
      },
    };
  }

  const replay = replayFlow(flow, submission.answers as Answers, check);
  if (replay.errors.length > 0) {
    metrics?.refused("3");
    return { status: 400, answer: { code: "3", errors: replay.errors } };
  }

  const session = leadSession(flow, replay.answers, submission, source, minFillMs, receivedAt, log);
  const key = submission.submissionKey;
  const digest = key === undefined ? undefined : submissionDigest(flow.id, flow.version, replay.answers);
  const takenWith = (before: TakenBefore): TakenLead => {
    const { status, answer } = answerToKeyTakenBefore(before, digest!);
    if (status === 409) {
      metrics?.refused("3");
      log.info({ leadId: before.answer.leadId, flowId: flow.id, version: flow.version }, "submission key sent again with other answers: refused");
      return { status, answer, keyTook: before };
    }
    metrics?.duplicate("resent");
    return { status, answer };
  };
  // Held on this instance (the store away): the same submission is answered as the first time it was sent.
  const kept = key === undefined ? undefined : spool?.byKey(key);
  if (kept) return takenWith({ answer: heldAnswer(kept, !intake.siteHours.isOpen(new Date(kept.receivedAt))), answers: kept.answers, digest: kept.digest ?? null });
  const held: HeldLead = {
    id: randomUUID(),
    receivedAt: receivedAt.toISOString(),
    submission,
    answers: replay.answers,
    ...(visitId ? { visitId } : {}),
    ...(requestId ? { requestId } : {}),
    ...(digest ? { digest } : {}),
    session,
  };
  /** Keeps the lead in the spool and answers it as received; a spool that cannot be written gives `otherwise`. */
  const hold = async (otherwise: () => Promise<TakenLead>): Promise<TakenLead> => {
    let kept: HeldLead;
    try {
      kept = await spool!.hold(held);
    } catch (error) {
      log.error({ err: error }, "could not write the lead spool");
      return otherwise();
    }
    // The same key sent alongside was held first: this is the same submission, answered as that one.
    if (kept.id !== held.id) return takenWith({ answer: heldAnswer(kept, !intake.siteHours.isOpen(new Date(kept.receivedAt))), answers: kept.answers, digest: kept.digest ?? null });
    metrics?.spooled();
    log.warn({ leadId: held.id, flowId: flow.id, version: flow.version }, "lead held in the spool until the store can take it");
    taking.onHeld?.();
    return { status: 200, answer: heldAnswer(held, !intake.siteHours.isOpen(receivedAt)) };
  };
  const outage = (error: unknown) => (spool && isStoreOutage(error) ? hold(() => Promise.reject(error)) : Promise.reject(error));
  // Leads held before go into the store first, in arrival order: this one waits behind them.
  if (spool && spool.size() > 0) return hold(() => store());
  return store();

  async function store(): Promise<TakenLead> {
    let before: TakenBefore | undefined;
    try {
      before = key === undefined ? undefined : await leadTakenBefore(intake, key);
    } catch (error) {
      return outage(error);
    }
    if (before) return takenWith(before);
    let taken: Acceptance;
    try {
      // Under the id it would be held with: a commit whose answer the outage cut off is then found by that id.
      taken = await acceptLead(intake, submission, flow!, replay.answers, { leadId: held.id, ...(visitId ? { visitId } : {}), ...(requestId ? { requestId } : {}), ...(digest ? { digest } : {}), session });
    } catch (error) {
      if (spool && isStoreOutage(error)) return outage(error);
      // A take of the same key running alongside stored its lead first: the key's unique index refused ours.
      let first: TakenBefore | undefined;
      try {
        first = key === undefined ? undefined : await leadTakenBefore(intake, key);
      } catch (recheck) {
        if (spool && isStoreOutage(recheck)) return outage(recheck);
        throw recheck;
      }
      if (!first) throw error;
      return takenWith(first);
    }
    return stored(taken);
  }

  function stored(taken: Acceptance): TakenLead {
    const { answer, queuedDeliveries } = taken;
    metrics?.stored(flow!.id, answer.code, (performance.now() - arrived) / 1000);
    if (answer.code === "2") metrics?.duplicate("person");
    log.info({ leadId: answer.leadId, flowId: flow!.id, version: flow!.version, code: answer.code, buyers: answer.buyers.length }, "lead stored");
    if (queuedDeliveries) onDeliveriesQueued?.();
    return { status: 200, answer };
  }
}

/**
 * What the consent certificate says of the session: how the lead came, the bot check, the fill time it measured, and
 * when each step was answered: kept by the server (the plain forms), else the page's times placed on the server's
 * clock, or none when they cannot be believed (the lead is taken all the same, and the reason logged).
 */
function leadSession(flow: FlowDocument, answers: Answers, submission: LeadSubmission, source: SubmissionSource, minFillMs: number, receivedAt: Date, log: FastifyBaseLogger): LeadSession {
  const { entry = "script" } = source;
  // Without the fill-time check the token is not checked, so its time is not the server's word.
  const started = minFillMs > 0 ? startTokenIssuedAt(submission.startToken) : undefined;
  let answeredAt = source.answeredAt;
  if (!answeredAt && submission.answeredMsBefore) {
    const path = stepsToSubmit(flow, answers).map((step) => step.id);
    const placed = placeStepTimes(path, submission.answeredMsBefore, receivedAt, started);
    if ("problem" in placed) log.info({ flowId: flow.id, version: flow.version, reason: placed.problem }, "step times left out of the consent certificate");
    else answeredAt = placed.answeredAt;
  }
  return {
    entry,
    botCheck: minFillMs > 0 ? "passed" : "honeypot only",
    ...(started ? { secondsToSubmit: Math.round((receivedAt.getTime() - started.getTime()) / 100) / 10 } : {}),
    ...(answeredAt ? { answeredAt } : {}),
  };
}
