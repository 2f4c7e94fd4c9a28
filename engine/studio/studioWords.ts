/**
 * A finding as the studio shows it: in the words of its boxes and checkboxes ("Sends the lead", "Weight of v2 (%)"),
 * not in the file's property names or a schema's paths, which `npm run forms:check` shows for whoever edits files.
 */
import type { Finding } from "../core/findings";

/** Words of the files, and the studio's for them; the first that matches a text is used. */
const REWORDINGS: ReadonlyArray<[RegExp, string]> = [
  [/mark (.+?) with "submit": true/g, 'tick "Sends the lead" on $1'],
  [/keep "submit": true on/g, 'leave "Sends the lead" ticked on'],
  [/"submit": true/g, '"Sends the lead" ticked'],
  [/weights\[(\d+)\] must be >= 0/g, "the weight of v$1 must be 0% or more"],
  [/weights\[(\d+)\] must be <= 100/g, "the weight of v$1 must be 100% or less"],
  [/weights\[(\d+)\]/g, "the weight of v$1"],
];

function reworded(text: string): string {
  return REWORDINGS.reduce((words, [files, studio]) => words.replace(files, studio), text);
}

/** The finding in the studio's words; its severity, rule, file and step are as they were. */
export function inStudioWords(finding: Finding): Finding {
  const message = reworded(finding.message);
  const weight = /^the weight of v(\d+) /.exec(message);
  // A weight out of bounds is fixed in its box, not by reading the split's schema.
  const fix = weight ? `set "Weight of v${weight[1]} (%)" between 0 and 100` : reworded(finding.fix);
  return { ...finding, message, fix };
}
