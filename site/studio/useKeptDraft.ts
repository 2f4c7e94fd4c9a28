/**
 * A draft kept on the server as it is edited: each change is sent a moment after the last edit, at the revision
 * it was read at. Another tab's or analyst's save since then is reported, not overwritten.
 */
import { useEffect, useRef, useState } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { liveApi, Refusal, type ServerDraft } from "./liveApi";

/** How long after the last edit the draft is sent. */
const KEEP_DELAY_MS = 400;

export interface KeptDraft {
  /** The draft as the server last answered it. */
  server: ServerDraft;
  /** Whether the document shown is the one the server keeps. */
  kept: boolean;
  /** Why the last change was not kept, in the server's words. */
  problem?: string;
}

export function useKeptDraft(opened: ServerDraft, document: FlowDocument): KeptDraft {
  const [server, setServer] = useState(opened);
  const [problem, setProblem] = useState<string>();
  const keptText = useRef(JSON.stringify(opened.document));
  const text = JSON.stringify(document);
  const [sentText, setSentText] = useState(keptText.current);

  useEffect(() => {
    if (text === keptText.current) return;
    const timer = setTimeout(() => {
      liveApi.saveDraft(server.id, server.revision, JSON.parse(text) as FlowDocument).then(
        (saved) => {
          keptText.current = text;
          setSentText(text);
          setProblem(undefined);
          setServer(saved);
        },
        (error: Error) => setProblem(error instanceof Refusal && error.status === 409 ? error.message : `Your changes are not kept: ${error.message}`),
      );
    }, KEEP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, server]);

  return { server, kept: text === sentText, ...(problem ? { problem } : {}) };
}
