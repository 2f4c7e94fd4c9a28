/**
 * Replays a submission through its flow: walks from the start along the transitions the answers choose,
 * checks each visited step's answers, drops answers to steps off the path, and stops at the submit step.
 */
import { isSubmitStep } from "./submitStep";
import { kindOf } from "./kinds/registry";
import { pickAnswers, trimAnswers } from "./answers";
import { deriveLeadFields } from "./deriveLeadFields";
import { toFieldErrors } from "./messages";
import { answersSchema, stepFields } from "./stepSchema";
import type { Answers, FieldError, FlowDocument, SchemaCheck } from "./types";
import { nextMove, stepById } from "./walkFlow";

export interface ReplayResult {
  /** Step ids visited, from the start to the submit step. */
  path: string[];
  /** The answers of the visited steps only, with derived fields added. */
  answers: Answers;
  /** Field errors of the first step whose answers fail, or why the path ends early. Empty when valid. */
  errors: FieldError[];
}

/** Replays the answers through the flow; `check` validates a step's answers against its schema. */
export function replayFlow(flow: FlowDocument, given: Answers, check: SchemaCheck): ReplayResult {
  const answers = trimAnswers(given);
  const kept: Answers = {};
  const path: string[] = [];
  let stepId = flow.start;
  while (!path.includes(stepId)) {
    const step = stepById(flow, stepId);
    path.push(stepId);
    if (kindOf(step).ends) break;
    const fields = stepFields(step, answers);
    const data = pickAnswers(answers, fields);
    const errors = toFieldErrors(check(answersSchema(step, answers), data), step.id, fields);
    if (errors.length > 0) return { path, answers: kept, errors };
    Object.assign(kept, data);
    if (isSubmitStep(step)) return { path, answers: deriveLeadFields(kept), errors: [] };
    const move = nextMove(step, kept);
    if (move.type !== "step") break;
    stepId = move.stepId;
  }
  return {
    path,
    answers: kept,
    errors: [{ field: "answers", step: stepId, message: "The answers do not reach the end of the form" }],
  };
}

