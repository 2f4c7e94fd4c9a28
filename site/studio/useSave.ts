/** Saving the draft: ask for the diff, confirm, and handle a file changed on disk (409) or a refusal for errors (422). */
import { useState } from "react";
import type { DraftState } from "./useDraft";
import { saveFiles, type Conflict, type FileDiff, type FileToSave } from "./studioApi";

export type SaveStep = { step: "idle" } | { step: "busy" } | { step: "confirm"; diff: FileDiff[]; busy: boolean } | { step: "conflict"; conflicts: Conflict[] };

export interface SaveFlow {
  state: SaveStep;
  /** The last outcome in words, for the page's live status region. */
  status: string;
  start: () => void;
  confirm: () => void;
  cancel: () => void;
  /** After a conflict: the files on disk now become what the draft is saved over. */
  keepDraft: () => Promise<void>;
}

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** "a, b and c" */
function inWords(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export function useSave(flowId: string, root: string, draft: DraftState, onSaved: (created: boolean) => void): SaveFlow {
  const [state, setState] = useState<SaveStep>({ step: "idle" });
  const [status, setStatus] = useState("");
  const files = (): Record<string, FileToSave> =>
    Object.fromEntries(Object.entries(draft.changed).map(([name, text]) => [name, { text, base: draft.disk[name]?.hash ?? null }]));
  const path = (name: string) => `${root}/${flowId}/${name}`;

  const send = async (confirm: boolean) => {
    const created = draft.workspace.created;
    setState(confirm && state.step === "confirm" ? { ...state, busy: true } : { step: "busy" });
    try {
      const result = await saveFiles(flowId, files(), confirm);
      if (result.outcome === "diff") setState({ step: "confirm", diff: result.diff, busy: false });
      else if (result.outcome === "conflict") {
        setStatus(`Nothing was saved: ${inWords(result.conflicts.map((c) => path(c.name)))} changed on disk since you opened it.`);
        setState({ step: "conflict", conflicts: result.conflicts });
      } else if (result.outcome === "refused") {
        draft.setFindings(result.findings);
        setStatus("Nothing was saved: the checks found an error. See Findings.");
        setState({ step: "idle" });
      } else {
        draft.setDisk(result.files, created ? { ...draft.workspace, created: false } : undefined);
        setStatus(`Saved ${inWords(Object.keys(result.files).map(path))}`);
        setState({ step: "idle" });
        onSaved(created);
      }
    } catch (error) {
      setStatus(`Nothing was saved: ${(error as Error).message}`);
      setState({ step: "idle" });
    }
  };

  return {
    state,
    status,
    start: () => void send(false),
    confirm: () => void send(true),
    cancel: () => setState({ step: "idle" }),
    keepDraft: async () => {
      if (state.step !== "conflict") return;
      const onDisk = await Promise.all(state.conflicts.map(async (c) => [c.name, c.disk === null ? null : { text: c.disk, hash: await sha256(c.disk) }] as const));
      draft.setDisk(Object.fromEntries(onDisk));
      setStatus("Your draft is kept; saving now writes it over the files on disk.");
      setState({ step: "idle" });
    },
  };
}
