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
  // What a file editor is told, said as the studio's boxes say it: no file, schema or command.
  [/field keys are in schemas\/fields\.schema\.json \(add a new field there\)/g, "choose one of the fields the condition's list offers (a new field needs a developer)"],
  [/match schemas\/[\w.]+\.schema\.json \(your editor shows the expected shape\)/g, "correct it in the step's boxes"],
  [/see schemas\/[\w.]+\.schema\.json/g, "choose one of the values the box offers"],
  [/the flows are the folders under forms\/:/g, "the flows are:"],
  [/the steps in this file are/g, "the steps of this version are"],
  [/the last good split\.json/g, "the last good traffic"],
  [/weight for version (\d+), which has no v\d+\.json/g, "Traffic gives v$1 a weight, but there is no v$1"],
  [/remove "(\d+)" from weights, or add v\d+\.json/g, 'set "Weight of v$1 (%)" to 0 in Traffic'],
  [/default version (\d+) has no v\d+\.json/g, "the control, v$1, is not a published version"],
  [/set default to an existing version/g, "choose a published version as the control in Traffic"],
  [/change the weights so they add up to 100/g, "change the weights in Traffic so they add up to 100"],
  [/but the file is v(\d+)\.json/g, "but this is v$1"],
  [/but (?:[\w.-]+\/)+v(\d+)\.json says/g, "but v$1 says"],
  [/(?:[\w.-]+\/)+v(\d+)\.json/g, "v$1"],
  [/is neither a version \(v<N>\.json\) nor split\.json, so nothing reads it/g, "is a file of this flow that nothing reads"],
  [/rename it v<?N?\d*>?\.json[^"]*$/g, "ask a developer to rename or remove it"],
  [/start names unknown step/g, '"First step" names unknown step'],
  [/\bnext names unknown/g, '"Next" names unknown'],
  [/in another step's next\b/g, "in another step's \"Next\""],
  [/add "next" naming the step that follows/g, 'choose the step that follows in "Next"'],
  [/the last rule of next has a "when"/g, 'the last rule of "Next" has a condition'],
  [/end next with a rule that has only "to"/g, 'end "Next" with a rule without a condition'],
  [/\bnpm run [\w:-]+/g, "the checks"],
];

function reworded(text: string): string {
  return REWORDINGS.reduce((words, [files, studio]) => words.replace(files, studio), text);
}

/** Where a finding is, as the studio names it: "Traffic" for the split, "v2" for a version; a step is named apart. */
export function findingPlace(finding: Finding): string {
  if (/(^|\/)split\.json$/.test(finding.file)) return "Traffic";
  const version = /(?:^|\/)v(\d+)\.json$/.exec(finding.file)?.[1];
  return version ? `v${version}` : "this flow";
}

/** The finding in the studio's words; its severity, rule, file and step are as they were. */
export function inStudioWords(finding: Finding): Finding {
  const message = reworded(finding.message);
  const weight = /^the weight of v(\d+) /.exec(message);
  // A weight out of bounds is fixed in its box, not by reading the split's schema.
  const fix = weight ? `set "Weight of v${weight[1]} (%)" between 0 and 100` : reworded(finding.fix);
  return { ...finding, message, fix };
}
