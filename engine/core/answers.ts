/** Small operations on a visitor's answers, shared by the renderer and the server's replay. */
import { withoutUntypeable } from "./formats/plainText";
import type { Answers } from "./types";

/** The answers to these fields only, leaving out any not given. */
export function pickAnswers(answers: Answers, fields: readonly string[]): Answers {
  const source = answers as Record<string, unknown>;
  return Object.fromEntries(fields.filter((f) => source[f] !== undefined).map((f) => [f, source[f]])) as Answers;
}

/** The answers with spaces around typed text removed, and characters no one can type (NUL, escape codes) dropped throughout. */
export function trimAnswers(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).map(([k, v]) => [k, typeof v === "string" ? withoutUntypeable(v).trim() : typeableOnly(v)])) as Answers;
}

function typeableOnly(value: unknown): unknown {
  if (typeof value === "string") return withoutUntypeable(value);
  if (Array.isArray(value)) return value.map(typeableOnly);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typeableOnly(v)]));
  return value;
}
