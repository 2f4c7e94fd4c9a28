/**
 * A published version on the live site: read only (a published version never changes), with New version from this
 * one for editors, the drafts being made of the flow, and the flow's Traffic (publishers) and History.
 */
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { FlowDocument } from "../../engine/core/types";
import { readSplit, versionsOf } from "../../engine/studio/workspace";
import type { TrafficSplit } from "../../schemas/generated/split";
import { FlowEditor } from "./FlowEditor";
import { HistoryPanel } from "./HistoryPanel";
import { liveApi, type Me, type ServerDraft } from "./liveApi";
import { NewVersion } from "./NewVersion";
import type { FlowFiles } from "./studioApi";
import { STUDIO_HOME, versionPath } from "./studioPlace";
import { TrafficPanel } from "./TrafficPanel";
import { ListFlow } from "./ListFlow";

export interface LivePublishedViewProps {
  files: FlowFiles;
  version: number;
  me: Me;
  /** The flow changed (traffic): read it again. */
  onChanged: () => void;
}

const draftPath = (draft: Pick<ServerDraft, "flow" | "id">, version: number) => `${versionPath(draft.flow, version)}?draft=${encodeURIComponent(draft.id)}`;

export function LivePublishedView({ files, version, me, onChanged }: LivePublishedViewProps) {
  const navigate = useNavigate();
  const flow = JSON.parse(files.files[`v${version}.json`]!.text) as FlowDocument;
  const published = versionsOf(Object.keys(files.files));
  const split = useMemo(() => readSplit(files.files["split.json"]?.text), [files]) as TrafficSplit | undefined;
  const canEdit = me.role !== "reader";
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string>();
  const [drafts, setDrafts] = useState<Omit<ServerDraft, "document">[]>([]);
  const [revision, setRevision] = useState(0);
  const nextVersion = Math.max(...published) + 1;

  useEffect(() => {
    if (canEdit) liveApi.listDrafts(files.id).then((answer) => setDrafts(answer.drafts), () => setDrafts([]));
  }, [canEdit, files.id]);

  const makeDraft = (description: string) => {
    setAsking(false);
    liveApi.createDraft(files.id, version, { ...flow, version: nextVersion, description }).then(
      (draft) => navigate(draftPath(draft, nextVersion)),
      (error: Error) => setProblem(`The draft could not be made: ${error.message}`),
    );
  };
  const changed = () => {
    setRevision((n) => n + 1);
    onChanged();
  };

  return (
    <main className="studio-version">
      <header className="studio-header">
        <p>
          <Link to={STUDIO_HOME}>All flows</Link>
        </p>
        <h1>
          {files.id} v{version}
        </h1>
        <div className="studio-notice">
          <p>
            <strong>Read only.</strong> v{version} is published, and a published version never changes: changes go into a new version.
          </p>
          {canEdit && (
            <button type="button" onClick={() => setAsking(true)}>
              New version from this one
            </button>
          )}
        </div>
        {me.role === "publisher" && files.madeInStudio && <ListFlow flowId={files.id} listed={files.madeInStudio.listed} onListed={onChanged} />}
        <p role="status" className="studio-status">
          {problem}
        </p>
        {drafts.length > 0 && (
          <div>
            <h2>Drafts of {files.id}</h2>
            <ul>
              {drafts.map((draft) => (
                <li key={draft.id}>
                  <Link to={draftPath(draft, nextVersion)}>Draft from v{draft.baseVersion}</Link>, being edited by {draft.editor} (kept {new Date(draft.updatedAt).toLocaleString("en-GB")})
                </li>
              ))}
            </ul>
          </div>
        )}
      </header>
      <FlowEditor flow={flow} file={`v${version}.json`} readOnly findings={files.findings} onChange={() => undefined} />
      <div className="studio-live-panels">
        {me.role === "publisher" && split && <TrafficPanel key={files.files["split.json"]?.hash} flowId={files.id} versions={published} split={split} onChanged={changed} />}
        <HistoryPanel flowId={files.id} canRestore={me.role === "publisher"} revision={revision} onChanged={changed} />
      </div>
      {asking && <NewVersion version={nextVersion} from={version} onCancel={() => setAsking(false)} onCreate={makeDraft} />}
    </main>
  );
}
