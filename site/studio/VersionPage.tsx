/** /studio/<flow>/v<N>: reads the flow's files and opens the version, or says the page is not found. */
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { draftFromText, versionFile, type Workspace } from "../../engine/studio/workspace";
import { NotFound } from "./NotFound";
import { readFlowFiles, type FlowFiles } from "./studioApi";
import { VersionEditor } from "./VersionEditor";

type Loaded = { state: "loading" } | { state: "failed"; message: string } | { state: "missing"; message: string } | { state: "open"; files: FlowFiles; workspace: Workspace };

/** The version number in "v2", or undefined. */
function versionIn(segment: string | undefined): number | undefined {
  const match = /^v([1-9]\d*)$/.exec(segment ?? "");
  return match ? Number(match[1]) : undefined;
}

export function VersionPage() {
  const { flow = "", version: segment } = useParams();
  const version = versionIn(segment);
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const [opening, setOpening] = useState(0);

  useEffect(() => {
    if (version === undefined) return;
    let current = true;
    readFlowFiles(flow).then(
      (files) => {
        if (!current) return;
        const name = versionFile(version);
        const file = files?.files[name];
        if (!files) setLoaded({ state: "missing", message: `There is no flow "${flow}" in the forms folder.` });
        else if (!file) setLoaded({ state: "missing", message: `${flow} has no version ${version}.` });
        else setLoaded({ state: "open", files, workspace: { name, version, draft: draftFromText(file.text), created: false } });
      },
      (error: Error) => current && setLoaded({ state: "failed", message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [flow, version, opening]);

  useEffect(() => {
    document.title = `${flow} v${version ?? "?"} · Flow studio`;
  }, [flow, version]);

  if (version === undefined) return <NotFound what={`"${segment}" is not a version: versions are v1, v2 and so on.`} />;
  if (loaded.state === "missing") return <NotFound what={loaded.message} />;
  if (loaded.state === "failed") {
    return (
      <main className="studio-page">
        <h1>
          {flow} v{version}
        </h1>
        <p role="alert">The flow could not be read: {loaded.message}</p>
      </main>
    );
  }
  if (loaded.state === "loading") {
    return (
      <main className="studio-page">
        <h1>
          {flow} v{version}
        </h1>
        <p role="status">Opening…</p>
      </main>
    );
  }
  const reload = () => {
    setLoaded({ state: "loading" });
    setOpening((n) => n + 1);
  };
  return <VersionEditor opened={loaded.files} workspace={loaded.workspace} onReload={reload} />;
}
