/**
 * A flow made in the studio is kept out of search engines and the sitemap until a publisher lists it: List flow says
 * so on its published version's page and lists it.
 */
import { useState } from "react";
import { liveApi } from "./liveApi";

export interface ListFlowProps {
  flowId: string;
  listed: boolean;
  onListed: () => void;
}

export function ListFlow({ flowId, listed, onListed }: ListFlowProps) {
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  if (listed) return <p className="studio-muted">{flowId} was made in the studio and is listed: search engines and the sitemap have its page.</p>;
  const list = () => {
    setBusy(true);
    liveApi.listFlow(flowId).then(
      () => onListed(),
      (error: Error) => {
        setBusy(false);
        setStatus(`${flowId} was not listed: ${error.message}`);
      },
    );
  };
  return (
    <div className="studio-notice">
      <p>
        <strong>Not listed.</strong> {flowId} was made in the studio: its page is kept out of search engines and the sitemap until it is listed.
      </p>
      <button type="button" onClick={list} disabled={busy}>
        List flow
      </button>
      <p role="status" className="studio-status">
        {status}
      </p>
    </div>
  );
}
