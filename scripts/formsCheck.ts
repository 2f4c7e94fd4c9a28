/**
 * `npm run forms:check`: reads the forms folder through the engine's corpus model (the same reading the server,
 * the build and the live preview make) and prints every finding with its file, step and fix; exits 1 when
 * there is an error. FORMS_DIR checks another folder; the first line names the folder checked.
 */
import { fileURLToPath } from "node:url";
import { formatFindings, hasErrors, type Finding } from "../engine/core/findings";
import { defaultFormsDir, formsDirFromEnv, formsDirWords, loadFlowCorpus } from "../engine/node/formsFolder";
import { stopQuietlyWhenOutputCloses } from "../server/cli/closedOutput";

/** Every finding for the flows under `formsDir`. */
export function checkForms(formsDir = defaultFormsDir): Finding[] {
  return loadFlowCorpus(formsDir).findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  stopQuietlyWhenOutputCloses();
  console.log(`Checking ${formsDirWords()}`);
  let findings: Finding[];
  try {
    findings = checkForms(formsDirFromEnv());
  } catch (error) {
    console.error(`Cannot read the forms folder: ${(error as Error).message}`);
    process.exit(2);
  }
  console.log(formatFindings(findings));
  process.exit(hasErrors(findings) ? 1 : 0);
}
