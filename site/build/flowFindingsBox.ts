/**
 * What the live preview's box of flow findings says, in our own words: a heading with the count, a line saying the
 * page keeps the last good version, and each error with its file, step, message and fix. Drawn by
 * site/dev/flowFindingsBox.ts; undefined while the flows have no error.
 */
import { countOf } from "../../engine/core/findings";
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import type { FindingsBox } from "../dev/flowFindingsBox";

/** The box for the forms folder as read, or undefined when it has no error. */
export function findingsBox(corpus: FlowCorpus): FindingsBox | undefined {
  const errors = corpus.findings.filter((f) => f.severity === "error");
  if (errors.length === 0) return undefined;
  const flows = [...new Set(errors.map((f) => f.file.slice(corpus.root.length + 1).split("/")[0]))];
  const one = flows.length === 1 ? flows[0] : undefined;
  const count = countOf(errors.length, "error");
  return {
    heading: one ? `${one} has ${count}` : `The quote flows have ${count}`,
    note: `Until ${errors.length === 1 ? "it is" : "they are"} fixed, the page shows the last good version of ${one ?? "each flow"}; this box goes when you save the fix.`,
    findings: errors.map(({ file, step, message, rule, fix }) => ({ file, ...(step ? { step } : {}), message, rule, fix })),
  };
}
