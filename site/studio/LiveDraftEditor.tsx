/**
 * A draft of a new version on the live site: edited as in the preview's studio, kept on the server as it is
 * edited (who is editing shows), discarded, or published by a publisher after the Publish dialog.
 */
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { hasErrors, type Finding } from "../../engine/core/findings";
import type { FlowDocument } from "../../engine/core/types";
import { versionFile, type Workspace } from "../../engine/studio/workspace";
import { DescriptionField } from "./DescriptionField";
import { DraftConflictDialog } from "./DraftConflictDialog";
import { DraftPresenceLine, useDraftPresence } from "./DraftPresence";
import { FlowEditor } from "./FlowEditor";
import { liveApi, Refusal, type Me, type ServerDraft } from "./liveApi";
import { PreviewLinks } from "./PreviewLinks";
import { PublishDialog } from "./PublishDialog";
import type { FlowFiles } from "./studioApi";
import { STUDIO_HOME, versionPath } from "./studioPlace";
import { useDraft } from "./useDraft";
import { useKeptDraft } from "./useKeptDraft";
import { useLeaveWarning, useUndoShortcuts } from "./useShortcuts";

export interface LiveDraftEditorProps {
  files: FlowFiles;
  me: Me;
  opened: ServerDraft;
  /** The published version the draft was made from. */
  base: FlowDocument;
}

const at = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", second: "2-digit" });

export function LiveDraftEditor({ files, me, opened, base }: LiveDraftEditorProps) {
  const navigate = useNavigate();
  const version = opened.document.version;
  const [workspace0] = useState<Workspace>(() => ({ name: versionFile(version), version, draft: { flow: opened.document }, created: true }));
  const draft = useDraft(files.id, workspace0, files.files, files.findings);
  const flow = "flow" in draft.workspace.draft ? draft.workspace.draft.flow : opened.document;
  const kept = useKeptDraft(opened, flow);
  const presence = useDraftPresence(opened.id);
  const shown = useRef(flow);
  useEffect(() => {
    shown.current = flow;
  }, [flow]);
  // Escape sets the conflict aside: the edit stays on the page, not kept, until the dialog is opened again.
  const [conflictAside, setConflictAside] = useState<unknown>();
  const [publishing, setPublishing] = useState<{ busy: boolean; refusal?: { message: string; findings: Finding[] } }>();
  const [status, setStatus] = useState("");
  useUndoShortcuts(draft.undo, draft.redo, publishing === undefined);
  useLeaveWarning(!kept.kept);
  const edit = (next: FlowDocument, label: string) => draft.edit({ ...draft.workspace, draft: { flow: next } }, label);
  const title = `${files.id} v${version}`;
  const published = Object.keys(files.files).flatMap((name) => /^v(\d+)\.json$/.exec(name)?.[1] ?? []).map(Number);
  // Another version took this draft's number since it was made: it is published as the next free one.
  const publishAs = published.includes(version) ? Math.max(...published) + 1 : version;
  // A flow made in the studio whose v1 is not yet published has no published version to go back to.
  const newFlow = published.length === 0;

  // Nothing of this page's own is waiting to be kept: their save replaces what is shown, as a step Undo takes back.
  const showLatest = () => {
    const asked = shown.current;
    liveApi.readDraft(opened.id).then(
      (latest) => {
        // An edit made while their save was on its way is not replaced: it is kept, and meets their save as a conflict.
        if (shown.current !== asked) return;
        kept.adopt(latest);
        edit(latest.document, `Show ${latest.editor}'s save`);
      },
      (error: Error) => setStatus(`Their save could not be read: ${error.message}`),
    );
  };
  const discard = () => {
    if (!window.confirm(`Discard this draft of ${title}? Nobody will be able to open it again.`)) return;
    liveApi.discardDraft(opened.id).then(
      () => navigate(newFlow ? STUDIO_HOME : versionPath(files.id, opened.baseVersion)),
      (error: Error) => setStatus(`The draft was not discarded: ${error.message}`),
    );
  };
  const publish = async (why: string) => {
    setPublishing({ busy: true });
    try {
      const done = await liveApi.publish(files.id, flow, why, opened.id);
      await liveApi.discardDraft(opened.id).catch(() => undefined);
      navigate(versionPath(files.id, done.version));
    } catch (error) {
      const findings = error instanceof Refusal ? error.findings : [];
      setPublishing({ busy: false, refusal: { message: (error as Error).message, findings } });
      if (findings.length > 0) draft.setFindings(findings);
    }
  };
  const refusal = hasErrors(draft.findings) ? "Publish is refused while there is an error: fix the errors under Findings first." : undefined;

  return (
    <main className="studio-version">
      <header className="studio-header">
        <p>
          <Link to={STUDIO_HOME}>All flows</Link> ·{" "}
          {newFlow ? `${files.id}, a new flow: nothing of it is published yet` : <Link to={versionPath(files.id, opened.baseVersion)}>{files.id} v{opened.baseVersion}, published</Link>}
        </p>
        <h1>{title} (draft)</h1>
        <div className="studio-toolbar" role="toolbar" aria-label="Edits">
          <button type="button" onClick={draft.undo} disabled={!draft.canUndo} aria-label={draft.undoLabel ? `Undo: ${draft.undoLabel}` : "Undo"}>
            Undo
          </button>
          <button type="button" onClick={draft.redo} disabled={!draft.canRedo} aria-label={draft.redoLabel ? `Redo: ${draft.redoLabel}` : "Redo"}>
            Redo
          </button>
          {me.role === "publisher" && (
            <button type="button" className="primary" onClick={() => setPublishing({ busy: false })} disabled={refusal !== undefined || !kept.kept} aria-describedby="publish-reason">
              Publish
            </button>
          )}
          <button type="button" onClick={discard}>
            Discard
          </button>
        </div>
        {me.role !== "reader" && <PreviewLinks draftId={opened.id} />}
        {publishAs !== version && (
          <div className="studio-notice" role="note">
            Another v{version} of {files.id} was published since this draft was made: this draft will be published as v{publishAs}, the next free number.
          </div>
        )}
        <DescriptionField flow={flow} onChange={edit} />
        <p id="publish-reason">
          {kept.conflict ? `${kept.conflict.theirs.editor} saved this draft since: your edit is not kept yet. ` : kept.problem ?? (kept.kept ? `Kept on the server at ${at(kept.server.updatedAt)}; being edited by ${kept.server.editor}${kept.server.createdBy === kept.server.editor ? "" : `, made by ${kept.server.createdBy}`}.` : "Changes not yet kept…")}
          {refusal && ` ${refusal}`}
          {kept.conflict && conflictAside === kept.conflict && (
            <button type="button" onClick={() => setConflictAside(undefined)}>
              Keep my edit
            </button>
          )}
        </p>
        <DraftPresenceLine presence={presence} me={me.name} />
        {presence && presence.revision > kept.server.revision && kept.kept && (
          <div className="studio-notice" role="note">
            {presence.editor} saved this draft since you last saw it, at {at(presence.updatedAt)}.{" "}
            <button type="button" onClick={showLatest}>
              Show their save
            </button>
          </div>
        )}
        <p role="status" className="studio-status">
          {status}
        </p>
      </header>
      <FlowEditor flow={flow} file={workspace0.name} readOnly={me.role === "reader"} findings={draft.findings} onChange={edit} />
      {kept.conflict && conflictAside !== kept.conflict && (
        <DraftConflictDialog
          conflict={kept.conflict}
          mine={flow}
          now={new Date()}
          onDone={(document, label) => {
            kept.resolve();
            edit(document, label);
          }}
          onCancel={() => setConflictAside(kept.conflict)}
        />
      )}
      {publishing && (
        <PublishDialog flowId={files.id} base={base} draft={flow} publishAs={publishAs} busy={publishing.busy} {...(publishing.refusal ? { refusal: publishing.refusal } : {})} onConfirm={(why) => void publish(why)} onCancel={() => setPublishing(undefined)} />
      )}
    </main>
  );
}
