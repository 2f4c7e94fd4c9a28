/**
 * A draft kept on the server as it is edited: each change is sent a moment after the last edit, at the revision
 * it was read at. Another tab's or analyst's save since then is not overwritten: the page holds the conflict (the
 * revision both began at, theirs as it stands, and the edit not kept), and sends nothing more until it is resolved.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { liveApi, Refusal, type ServerDraft } from "./liveApi";

/** How long after the last edit the draft is sent. */
const KEEP_DELAY_MS = 400;

/** A save refused since a colleague saved first. */
export interface DraftConflict {
  /** The draft as it stood at the revision this page last kept or opened. */
  base: FlowDocument;
  /** The draft as the colleague saved it. */
  theirs: ServerDraft;
}

export interface KeptDraft {
  /** The draft as the server last answered it. */
  server: ServerDraft;
  /** Whether the document shown is the one the server keeps. */
  kept: boolean;
  /** Why the last change was not kept, in the server's words. */
  problem?: string;
  conflict?: DraftConflict;
  /** Takes their save as what the page's edits are now kept over: the document shown is then sent at their revision. */
  resolve: () => void;
  /** Takes a later save of the draft as the one kept, when the page has nothing of its own to keep. */
  adopt: (draft: ServerDraft) => void;
}

export function useKeptDraft(opened: ServerDraft, document: FlowDocument): KeptDraft {
  const [server, setServer] = useState(opened);
  const [problem, setProblem] = useState<string>();
  const [conflict, setConflict] = useState<DraftConflict>();
  const keptText = useRef(JSON.stringify(opened.document));
  const text = JSON.stringify(document);
  const [sentText, setSentText] = useState(keptText.current);

  useEffect(() => {
    if (text === keptText.current || conflict) return;
    const timer = setTimeout(() => {
      liveApi.saveDraft(server.id, server.revision, JSON.parse(text) as FlowDocument).then(
        (saved) => {
          keptText.current = text;
          setSentText(text);
          setProblem(undefined);
          setServer(saved);
        },
        (error: Error) => {
          const theirs = error instanceof Refusal && error.status === 409 ? (error.body.draft as ServerDraft | undefined) : undefined;
          if (theirs) setConflict({ base: JSON.parse(keptText.current) as FlowDocument, theirs });
          else setProblem(`Your changes are not kept: ${error.message}`);
        },
      );
    }, KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, server, conflict]);

  const adopt = useCallback((draft: ServerDraft) => {
    keptText.current = JSON.stringify(draft.document);
    setSentText(keptText.current);
    setServer(draft);
    setProblem(undefined);
    setConflict(undefined);
  }, []);
  const resolve = useCallback(() => conflict && adopt(conflict.theirs), [conflict, adopt]);

  return { server, kept: text === sentText && !conflict, ...(problem ? { problem } : {}), ...(conflict ? { conflict } : {}), resolve, adopt };
}
