/**
 * The forms folder as the Vite plugins see it: read through engine/node's one reader (FORMS_DIR, else forms/),
 * shared by the flow manifest, the step validators and the checks, and read again after each change with the
 * last good copy of a file that is broken since kept.
 */
import type { FlowCorpus } from "../../engine/core/flowCorpus";
import { formsDirFromEnv, loadFlowCorpus } from "../../engine/node/formsFolder";

export interface FormsSource {
  /** The folder, absolute. */
  dir: string;
  /** The folder as last read. */
  corpus(): FlowCorpus;
  /** Reads the folder again (after an edit). */
  refresh(): FlowCorpus;
}

/** A source over `dir`, read on first use. */
export function formsSource(dir: string = formsDirFromEnv()): FormsSource {
  let corpus: FlowCorpus | undefined;
  return {
    dir,
    corpus: () => (corpus ??= loadFlowCorpus(dir)),
    refresh: () => (corpus = loadFlowCorpus(dir, corpus)),
  };
}
