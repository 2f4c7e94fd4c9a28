/**
 * "Preview on a phone" on a draft: makes a preview link (anyone holding it sees the draft as a visitor would, for
 * 7 days), shows it with a copy button and a QR code to scan with a phone, lists the draft's live links with when
 * each ends, in words, and revokes each. Publishing or discarding the draft ends them all.
 */
import { useCallback, useEffect, useState } from "react";
import { liveApi, type PreviewLink } from "./liveApi";
import { QrCode } from "./QrCode";
import { endsInWords, whenInWords } from "./previewLinkWords";

export interface PreviewLinksProps {
  draftId: string;
}

export function PreviewLinks({ draftId }: PreviewLinksProps) {
  const [open, setOpen] = useState(false);
  const [links, setLinks] = useState<PreviewLink[]>();
  const [made, setMade] = useState<{ url: string; expiresAt: string }>();
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);

  const reload = useCallback(
    () =>
      liveApi.previewLinks(draftId).then(
        (answer) => setLinks(answer.links),
        (error: Error) => setStatus(`The preview links could not be read: ${error.message}`),
      ),
    [draftId],
  );
  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  const make = async () => {
    setBusy(true);
    try {
      const link = await liveApi.makePreviewLink(draftId);
      setMade({ url: new URL(link.url, window.location.origin).toString(), expiresAt: link.expiresAt });
      setStatus("A new preview link is made: scan its QR code with a phone, or copy it.");
      await reload();
    } catch (error) {
      setStatus(`No preview link was made: ${(error as Error).message}`);
    } finally {
      setBusy(false);
    }
  };
  const copy = () => {
    if (!made) return;
    navigator.clipboard.writeText(made.url).then(
      () => setStatus("The preview link is copied."),
      () => setStatus("The link could not be copied here: select it in the box and copy it."),
    );
  };
  const revoke = async (link: PreviewLink) => {
    try {
      await liveApi.revokePreviewLink(draftId, link.id);
      setStatus("The preview link is revoked: it no longer opens the draft.");
      if (made && made.expiresAt === link.expiresAt) setMade(undefined);
    } catch (error) {
      setStatus(`The link was not revoked: ${(error as Error).message}`);
    }
    await reload();
  };

  return (
    <>
      <button type="button" aria-expanded={open} aria-controls="preview-links" onClick={() => setOpen(!open)}>
        Preview on a phone
      </button>
      <section id="preview-links" className="studio-preview-links" aria-label="Preview on a phone" hidden={!open}>
        <h2>Preview on a phone</h2>
        <p>
          A preview link shows this draft as a visitor would see it, on any phone or computer, without signing in, for 7 days. Visitors do not see the draft, and nothing entered on the preview is kept, counted
          or sent. Publishing or discarding the draft ends its links.
        </p>
        <button type="button" onClick={() => void make()} disabled={busy}>
          Make a preview link
        </button>
        {made && (
          <div className="studio-preview-link">
            <QrCode text={made.url} label="QR code of the new preview link: scan it with a phone to open the draft" />
            <div>
              <label htmlFor="preview-link-url">Preview link</label>
              <input id="preview-link-url" type="text" readOnly value={made.url} onFocus={(event) => event.target.select()} />
              <button type="button" onClick={copy}>
                Copy link
              </button>
              <p>{endsInWords(made.expiresAt, new Date())}. The link is shown only now: make a new one any time.</p>
            </div>
          </div>
        )}
        <h3>Live preview links</h3>
        {links === undefined ? (
          <p>Reading the links…</p>
        ) : links.length === 0 ? (
          <p>No link opens this draft.</p>
        ) : (
          <ul className="studio-preview-list" aria-label="Live preview links">
            {links.map((link) => (
              <li key={link.id}>
                <span>
                  Made by {link.createdBy} {madeInWords(link.createdAt)}; {endsInWords(link.expiresAt, new Date()).toLowerCase()}.
                </span>{" "}
                <button type="button" onClick={() => void revoke(link)} aria-label={`Revoke the link made by ${link.createdBy} ${madeInWords(link.createdAt)}`}>
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
        <p role="status" className="studio-status">
          {status}
        </p>
      </section>
    </>
  );
}

function madeInWords(iso: string): string {
  return `on ${whenInWords(iso)}`;
}
