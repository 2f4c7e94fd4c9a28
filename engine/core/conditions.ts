/** JSONLogic conditions on transitions, evaluated by json-logic-js (never `eval`). */
import jsonLogic from "json-logic-js";
import type { Answers } from "./types";

/** Whether a condition holds for the answers given so far. */
export function conditionHolds(condition: object, answers: Answers): boolean {
  return Boolean(jsonLogic.apply(condition as jsonLogic.RulesLogic, answers));
}

/** Every answer a condition reads through `var`, so a checker can tell that each names a known field. */
export function conditionVars(condition: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    for (const [operator, argument] of Object.entries(node)) {
      if (operator === "var") {
        const name = Array.isArray(argument) ? argument[0] : argument;
        if (typeof name === "string" && name !== "") found.add(name.split(".")[0]!);
      } else {
        visit(argument);
      }
    }
  };
  visit(condition);
  return [...found];
}

/** Operators json-logic-js knows: a condition using any other fails to load. */
export function isKnownOperator(operator: string): boolean {
  return operatorNames.has(operator);
}

/** Every operator a condition may use. */
export const operatorNames: ReadonlySet<string> = new Set([
  "var", "missing", "missing_some", "if", "?:", "==", "===", "!=", "!==", "!", "!!", "or", "and",
  ">", ">=", "<", "<=", "max", "min", "+", "-", "*", "/", "%", "in", "cat", "substr", "merge",
  "all", "none", "some", "map", "filter", "reduce", "log",
]);
