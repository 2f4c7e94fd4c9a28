/** Small operations on a visitor's answers, shared by the renderer and the server's replay. */
import type { Answers } from "./types";

/** The answers to these fields only, leaving out any not given. */
export function pickAnswers(answers: Answers, fields: readonly string[]): Answers {
  const source = answers as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]])) as Answers;
}

/** The answers with spaces around typed text removed. */
export function trimAnswers(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, typeof v === "string" ? v.trim() : v])) as Answers;
}
