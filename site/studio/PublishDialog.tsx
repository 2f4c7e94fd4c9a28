/** "Publish these changes?": the new version's changes in words (the JSON diff behind a disclosure), Why, and Confirm publish. */
import { createTwoFilesPatch } from "diff";
import { useMemo, useState, type FormEvent } from "react";
import type { Finding } from "../../engine/core/findings";
import type { FlowDocument } from "../../engine/core/types";
import { formatJson } from "../../engine/studio/jsonStyle";
import { findingPlace, inStudioWords } from "../../engine/studio/studioWords";
import { changeInWords, versionChanges } from "../../engine/studio/versionDiff";
import { FileDiff } from "./FileDiff";
import { ConfirmButtons } from "./ConfirmButtons";
import { Modal } from "./Modal";

export interface PublishDialogProps {
  flowId: string;
  base: FlowDocument;
  draft: FlowDocument;
  /** The number it will be published as: the draft's own, or the next free one when another version took it. */
  publishAs?: number;
  busy: boolean;
  /** The server's refusal of the last try, with its findings. */
  refusal?: { message: string; findings: Finding[] };
  onConfirm: (why: string) => void;
  onCancel: () => void;
}

export function PublishDialog({ flowId, base, draft, publishAs = draft.version, busy, refusal, onConfirm, onCancel }: PublishDialogProps) {
  const [why, setWhy] = useState("");
  const changes = useMemo(() => versionChanges(base, draft), [base, draft]);
  const patch = useMemo(() => createTwoFilesPatch(`v${base.version}.json`, `v${draft.version}.json`, formatJson(base), formatJson(draft)), [base, draft]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (why.trim()) onConfirm(why.trim());
  };
  return (
    <Modal title="Publish these changes?" onCancel={onCancel} className="studio-save-dialog">
      <form onSubmit={submit}>
        <p>
          Publishing makes v{publishAs} of {flowId} from v{base.version}, for good: a published version never changes. Visitors get it once its traffic gives it a share.
          {publishAs !== draft.version && ` This draft was v${draft.version}, but another v${draft.version} was published since: it is published as v${publishAs}, the next free number.`}
        </p>
        <h3>What v{publishAs} changes from v{base.version}</h3>
        {changes.length === 0 ? (
          <p>Nothing: v{publishAs} is the same as v{base.version}.</p>
        ) : (
          <ul className="studio-changes">
            {changes.map((change, i) => (
              <li key={i}>{changeInWords(change)}</li>
            ))}
          </ul>
        )}
        <details>
          <summary>The JSON diff</summary>
          <FileDiff file={`${flowId}/v${draft.version}.json`} patch={patch} created={false} />
        </details>
        <label htmlFor="publish-why">Why</label>
        <input id="publish-why" type="text" required maxLength={200} value={why} onChange={(event) => setWhy(event.target.value)} />
        {refusal && (
          <div role="alert">
            <p>{refusal.message}</p>
            {refusal.findings.length > 0 && (
              <ul>
                {refusal.findings.map(inStudioWords).map((finding, i) => (
                  <li key={i}>
                    {finding.step ? `Step "${finding.step}": ` : `${findingPlace(finding)}: `}
                    {finding.message}. Fix: {finding.fix}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        <ConfirmButtons confirm="Confirm publish" busy={busy} onCancel={onCancel} />
      </form>
    </Modal>
  );
}
