/**
 * A finding as the studio shows it: in the words of its boxes and checkboxes ("Sends the lead", "Weight of v2 (%)"),
 * not in the file's property names or a schema's paths, which `npm run forms:check` shows for whoever edits files.
 */
import type { Finding } from "../core/findings";

/** Words of the files, and the studio's for them; the first that matches a text is used. */
const REWORDINGS: ReadonlyArray<[RegExp, string]> = [
  // A traffic with errors is refused as it stands (a change is not made; a draft's cannot be saved): say that.
  [/; until it is fixed every visitor gets v\d+, the default, and no versions are compared/g, ", so this traffic cannot be used"],
  [/; visitors are still split by the last good split\.json \([^)]*\) until it is fixed/g, ", so this traffic cannot be used"],
  // A place in a step, said as its boxes say it: "the label of option 1", never "options[0].label".
  [/\boptions\[(\d+)\]\.(label|value|hint)\b/g, "the $2 of option <$1>"],
  [/\boptions\[(\d+)\]/g, "option <$1>"],
  [/\bnext\[(\d+)\]\.when\b/g, 'the condition of rule <$1> of "Where next"'],
  [/\bnext\[(\d+)\]\.to\b/g, 'where rule <$1> of "Where next" goes to'],
  [/\bnext\[(\d+)\]/g, 'rule <$1> of "Where next"'],
  [/\bfields\[(\d+)\]/g, 'field <$1> of "Fields"'],
  [/ must NOT have fewer than 1 characters/g, " is empty"],
  [/ must NOT have fewer than (\d+) characters/g, " is shorter than $1 characters"],
  [/ must NOT have more than (\d+) characters/g, " is longer than $1 characters"],
  [/ must NOT have fewer than (\d+) items/g, " has fewer than $1 entries"],
  [/ must NOT have more than (\d+) items/g, " has more than $1 entries"],
  [/\bset "version": (\d+)/g, "make this version's number $1 (it is v$1)"],
  [/\bset "id": "([\w-]+)"/g, 'make the flow\'s id "$1", its name in the studio'],
  [/set default to an existing version \(([\d, ]+)\)/g, "choose a published version as the control in Traffic (v<versions:$1>)"],
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
  [/the steps in this file are/g, "choose one of this version's steps:"],
  [/^give each step its own id$/g, 'give each step its own "Step id"'],
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
  [/\bnext names unknown/g, '"Where next" names unknown'],
  [/in another step's next\b/g, "in another step's \"Where next\""],
  [/add "next" naming the step that follows/g, 'choose the step that follows in "Where next"'],
  [/the last rule of next has a "when"/g, 'the last rule of "Where next" has a condition'],
  [/end next with a rule that has only "to"/g, 'end "Where next" with a rule without a condition'],
  [/\bnpm run [\w:-]+/g, "the checks"],
];

/** A property of a step as its box in the studio is labelled. */
const BOXES: Readonly<Record<string, string>> = {
  id: "Step id",
  question: "Question",
  hint: "Hint",
  field: "Field",
  fields: "Fields",
  options: "Options",
  next: "Where next",
  submit: "Sends the lead",
  label: "Label",
  value: "Value",
  title: "Title",
};
const box = (name: string) => BOXES[name] ?? name;

function reworded(text: string): string {
  return REWORDINGS.reduce((words, [files, studio]) => words.replace(files, studio), text)
    .replace(/<(\d+)>/g, (_all, index: string) => String(Number(index) + 1))
    .replace(/v<versions:([\d, ]+)>/g, (_all, list: string) => list.split(/,\s*/).map((v) => `v${v}`).join(", "));
}

/** The fix of a schema finding about a property (missing, unknown): what to do in the studio's boxes. */
function schemaFix(finding: Finding, message: string): string | undefined {
  const missing = /(?:^|is )missing "(\w+)"$/.exec(finding.message);
  if (missing) return `fill in "${box(missing[1]!)}"${finding.step ? ` on step ${finding.step}` : ""}`;
  const unknown = /unknown property "([^"]+)"/.exec(finding.message);
  if (unknown) return findingPlace(finding) === "Traffic" ? `the traffic holds "${unknown[1]}", which nothing reads: ask a developer to remove it` : `remove "${unknown[1]}" in the step's JSON (under "Step ${finding.step ?? ""} as JSON")`;
  const empty = /^(.*) is empty$/.exec(message);
  if (empty) return `fill in ${empty[1]}${finding.step ? ` on step ${finding.step}` : ""}`;
  if (finding.rule === "unknown-field" && !message.startsWith("condition")) return `choose one of the fields "${box("field")}" offers on step ${finding.step ?? ""} (a new field needs a developer)`;
  return undefined;
}

/** Where a finding is, as the studio names it: "Traffic" for the split, "v2" for a version; a step is named apart. */
export function findingPlace(finding: Finding): string {
  if (/(^|\/)split\.json$/.test(finding.file)) return "Traffic";
  const version = /(?:^|\/)v(\d+)\.json$/.exec(finding.file)?.[1];
  return version ? `v${version}` : "this flow";
}

/** The finding in the studio's words; its severity, rule, file and step are as they were. */
export function inStudioWords(finding: Finding): Finding {
  const missing = /^(.*?)(?:is )?missing "(\w+)"$/.exec(finding.message);
  const message = missing ? `${missing[1]!.trim() ? `${reworded(missing[1]!.trim())}: ` : ""}"${box(missing[2]!)}" is not filled in` : reworded(finding.message);
  const weight = /^the weight of v(\d+) /.exec(message);
  // A weight out of bounds is fixed in its box, not by reading the split's schema.
  const fix = weight ? `set "Weight of v${weight[1]} (%)" between 0 and 100` : (schemaFix(finding, message) ?? reworded(finding.fix));
  return { ...finding, message, fix };
}
