/**
 * /studio/: every flow in the forms folder, its versions with their descriptions, weights and counts of findings; on
 * the live site, New flow for publishers (NewFlow.tsx).
 */
import { useEffect, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { NewFlowMade } from "../../engine/studio/newFlows";
import { liveApi, type Me, type ServerDraft } from "./liveApi";
import { NewFlow } from "./NewFlow";
import { LIVE, versionPath } from "./studioPlace";
import { listFlows, type FlowSummary, type VersionSummary } from "./studioApi";

/** The version a flow's link opens: the one with most visitors, else the first. */
function mainVersion(flow: FlowSummary): number | undefined {
  const sorted = [...flow.versions].sort((a, b) => b.weight - a.weight || a.version - b.version);
  return sorted[0]?.version;
}

function counts(errors: number, warnings: number): string {
  return `${errors} ${errors === 1 ? "error" : "errors"}, ${warnings} ${warnings === 1 ? "warning" : "warnings"}`;
}

function VersionItem({ flow, version }: { flow: string; version: VersionSummary }) {
  return (
    <li>
      <Link to={versionPath(flow, version.version)}>
        v{version.version} · {version.weight}%{version.live ? " · live" : ""}
      </Link>
      {version.description && ` ${version.description}`}{" "}
      <span className={version.errors > 0 ? "studio-problem" : "studio-muted"}>({counts(version.errors, version.warnings)})</span>
    </li>
  );
}

/** New flows whose v1 is a draft not yet published, each linked to its draft. */
function NewFlowDrafts({ drafts }: { drafts: Omit<ServerDraft, "document">[] }) {
  if (drafts.length === 0) return null;
  return (
    <>
      <h2>New flows not yet published</h2>
      <ul>
        {drafts.map((d) => (
          <li key={d.id}>
            <Link to={`${versionPath(d.flow, 1)}?draft=${encodeURIComponent(d.id)}`}>{d.flow} v1 (draft)</Link>, made by {d.createdBy}, being edited by {d.editor}
          </li>
        ))}
      </ul>
    </>
  );
}

export function FlowList() {
  const navigate = useNavigate();
  const [flows, setFlows] = useState<{ root: string; flows: FlowSummary[] } | { failed: string } | undefined>(undefined);
  const [me, setMe] = useState<Me>();
  const [making, setMaking] = useState(false);
  useEffect(() => {
    document.title = "Flow studio";
    listFlows().then(setFlows, (error: Error) => setFlows({ failed: error.message }));
    if (LIVE) liveApi.me().then(setMe, () => setMe(undefined));
  }, []);
  // The drafts of new flows whose v1 is not yet published: the flows list has them nowhere else.
  const [drafts, setDrafts] = useState<Omit<ServerDraft, "document">[]>([]);
  useEffect(() => {
    if (me && me.role !== "reader") liveApi.listDrafts().then((answer) => setDrafts(answer.drafts), () => setDrafts([]));
  }, [me]);
  const made = ({ flow, draft }: NewFlowMade) => navigate(`${versionPath(flow, 1)}?draft=${encodeURIComponent(draft)}`);
  return (
    <main className="studio-page">
      <h1>Flow studio</h1>
      {flows === undefined ? (
        <p role="status">{LIVE ? "Reading the published flows…" : "Reading the forms folder…"}</p>
      ) : "failed" in flows ? (
        <p role="alert">The flows could not be read: {flows.failed}</p>
      ) : (
        <>
          {LIVE ? (
            <p>The flows visitors are served, as published. Open a version to see its steps, its traffic and its history, or to make a new version from it.</p>
          ) : (
            <p>
              The flows in <code>{flows.root}</code>. Open a version to see its steps, change it, or make a new version from it.
            </p>
          )}
          {me?.role === "publisher" && (
            <p>
              <button type="button" onClick={() => setMaking(true)}>
                New flow
              </button>{" "}
              A flow of its own (a new service, or a campaign) from a copy of one of these.
            </p>
          )}
          {making && <NewFlow flows={flows.flows} onMade={made} onCancel={() => setMaking(false)} />}
          <NewFlowDrafts drafts={drafts.filter((d) => !flows.flows.some((f) => f.id === d.flow))} />
          <ul className="studio-flows">
            {flows.flows.map((flow) => {
              const main = mainVersion(flow);
              return (
                <li key={flow.id}>
                  <h2>{main === undefined ? flow.id : <Link to={versionPath(flow.id, main)}>{flow.id}</Link>}</h2>
                  <p>{flow.title}</p>
                  <ul>
                    {flow.versions.map((version) => (
                      <VersionItem key={version.version} flow={flow.id} version={version} />
                    ))}
                  </ul>
                  {flow.split.errors + flow.split.warnings > 0 && (
                    <p className={flow.split.errors > 0 ? "studio-problem" : "studio-muted"}>split.json: {counts(flow.split.errors, flow.split.warnings)}</p>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </main>
  );
}
