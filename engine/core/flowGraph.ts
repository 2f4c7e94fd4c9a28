/** A flow as a graph for pictures: a node per step (and per other flow it jumps to), an edge per transition. */
import type { FlowDocument, StepKind } from "./types";

export interface GraphNode {
  id: string;
  /** The step's kind, or "flow" for another flow. */
  kind: StepKind | "flow";
  title: string;
  submit: boolean;
  start: boolean;
  /** A node standing for another flow the chooser (or a rule) jumps into. */
  external: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  /** The condition in words, or "otherwise" for a fallback after conditions; empty for a plain next. */
  label: string;
}

/** Nodes and edges of a flow. */
export function flowGraph(flow: FlowDocument): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const nodes: GraphNode[] = flow.steps.map((step) => ({
    id: step.id,
    kind: step.kind,
    title: step.question ?? "Thank you",
    submit: "submit" in step && step.submit === true,
    start: step.id === flow.start,
    external: false,
  }));
  const edges: GraphEdge[] = [];
  const external = new Set<string>();
  for (const step of flow.steps) {
    if (!("next" in step) || step.next === undefined) continue;
    const rules = typeof step.next === "string" ? [{ to: step.next }] : step.next;
    const conditional = rules.some((rule) => "when" in rule && rule.when);
    for (const rule of rules) {
      const to = typeof rule.to === "string" ? rule.to : `flow:${rule.to.flow}`;
      if (typeof rule.to !== "string") external.add(rule.to.flow);
      const when = "when" in rule ? rule.when : undefined;
      edges.push({ from: step.id, to, label: when ? describeCondition(when) : conditional ? "otherwise" : "" });
    }
  }
  for (const id of external) nodes.push({ id: `flow:${id}`, kind: "flow", title: `/quote/ ${id}`, submit: false, start: false, external: true });
  return { nodes, edges };
}

const infix: Record<string, string> = { "==": "=", "===": "=", "!=": "≠", "!==": "≠", ">": ">", ">=": "≥", "<": "<", "<=": "≤" };

/** A JSONLogic condition in short words: `utility = gas`, `wasteTypes has glass`, `a and b`. */
export function describeCondition(logic: unknown): string {
  if (typeof logic === "string") return logic;
  if (logic === null || typeof logic !== "object") return JSON.stringify(logic);
  if (Array.isArray(logic)) return logic.map(describeCondition).join(", ");
  const [operator, raw] = Object.entries(logic)[0] ?? ["", []];
  const args = Array.isArray(raw) ? raw : [raw];
  if (operator === "var") return String(args[0]);
  if (operator in infix) return `${describeCondition(args[0])} ${infix[operator]} ${describeCondition(args[1])}`;
  if (operator === "in") return `${describeCondition(args[1])} has ${describeCondition(args[0])}`;
  if (operator === "and" || operator === "or") return args.map(describeCondition).join(` ${operator} `);
  if (operator === "!") return `not ${describeCondition(args[0])}`;
  return `${operator}(${args.map(describeCondition).join(", ")})`;
}
