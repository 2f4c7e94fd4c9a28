/**
 * /analysts/studio/<flow>/v<N> on the live site: a published version (read only, with its flow's traffic and
 * history), or with ?draft=ID a draft of a new version kept on the server, opened to edit and publish.
 */
import { useEffect, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import type { FlowDocument } from "../../engine/core/types";
import { LiveDraftEditor } from "./LiveDraftEditor";
import { liveApi, type Me, type ServerDraft } from "./liveApi";
import { LivePublishedView } from "./LivePublishedView";
import { NotFound } from "./NotFound";
import { readFlowFiles, type FlowFiles } from "./studioApi";

type Loaded =
  | { state: "loading" }
  | { state: "failed"; message: string }
  | { state: "missing"; message: string }
  | { state: "open"; files: FlowFiles; me: Me; draft?: ServerDraft; address: string };

export function LiveVersionPage() {
  const { flow = "", version: segment } = useParams();
  const draftId = useSearchParams()[0].get("draft");
  const version = /^v([1-9]\d*)$/.exec(segment ?? "")?.[1];
  const [read, setLoaded] = useState<Loaded>({ state: "loading" });
  // What was read for another address (a link just followed) is not shown while this one is read.
  const address = `${flow}/${segment}?${draftId ?? ""}`;
  const loaded: Loaded = read.state === "open" && read.address !== address ? { state: "loading" } : read;
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    let current = true;
    Promise.all([readFlowFiles(flow), liveApi.me(), draftId ? liveApi.readDraft(draftId) : undefined]).then(
      ([files, me, draft]) => {
        if (!current) return;
        if (!files) setLoaded({ state: "missing", message: `There is no published flow "${flow}".` });
        else if (!draft && !files.files[`v${version}.json`]) setLoaded({ state: "missing", message: `${flow} has no published version ${version}.` });
        else setLoaded({ state: "open", files, me, address, ...(draft ? { draft } : {}) });
      },
      (error: Error) => current && setLoaded({ state: "failed", message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [flow, version, draftId, address, opening]);

  useEffect(() => {
    document.title = `${flow} v${version ?? "?"}${draftId ? " (draft)" : ""} · Flow studio`;
  }, [flow, version, draftId]);

  if (version === undefined) return <NotFound what={`"${segment}" is not a version: versions are v1, v2 and so on.`} />;
  if (loaded.state === "missing") return <NotFound what={loaded.message} />;
  if (loaded.state !== "open") {
    return (
      <main className="studio-page">
        <h1>
          {flow} v{version}
        </h1>
        {loaded.state === "failed" ? <p role="alert">The flow could not be read: {loaded.message}</p> : <p role="status">Opening…</p>}
      </main>
    );
  }
  const reload = () => setOpening((n) => n + 1);
  const { files, me, draft } = loaded;
  if (draft) {
    const baseText = files.files[`v${draft.baseVersion}.json`]?.text;
    const base = baseText === undefined ? draft.document : (JSON.parse(baseText) as FlowDocument);
    return <LiveDraftEditor key={draft.id} files={files} me={me} opened={draft} base={base} />;
  }
  return <LivePublishedView key={`${flow}-${version}`} files={files} version={Number(version)} me={me} onChanged={reload} />;
}
