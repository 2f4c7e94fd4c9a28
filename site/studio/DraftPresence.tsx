/**
 * Who else has the draft open, on any instance: the page says it has the draft open every few seconds (the server
 * forgets a page that stops) and lists the colleagues the answer names, with since when.
 */
import { useEffect, useState } from "react";
import { liveApi, type DraftPresence as Presence } from "./liveApi";

/** How often the page says it is still open: well within the server's expiry of 30 seconds. */
const HEARTBEAT_MS = 5_000;

const hhmm = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" });

function newPageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** Keeps saying the page has the draft open while it is shown; the last answer. */
export function useDraftPresence(draftId: string): Presence | undefined {
  const [page] = useState(newPageId);
  const [presence, setPresence] = useState<Presence>();
  useEffect(() => {
    let current = true;
    const beat = () => liveApi.presence(draftId, page).then((answer) => current && setPresence(answer), () => undefined);
    void beat();
    const timer = setInterval(() => void beat(), HEARTBEAT_MS);
    const leave = () => void liveApi.leaveDraft(draftId, page);
    window.addEventListener("pagehide", leave);
    return () => {
      current = false;
      clearInterval(timer);
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [draftId, page]);
  return presence;
}

/** "Also open by eddie (since 23:40)", or that nobody else has it open. */
export function DraftPresenceLine({ presence, me }: { presence: Presence | undefined; me: string }) {
  const others = (presence?.open ?? []).filter((viewer) => !viewer.you);
  const words = others.map((viewer) => `${viewer.analyst === me ? "you, in another tab" : viewer.analyst} (since ${hhmm(viewer.openedAt)})`);
  return (
    <p className="studio-presence" role="status">
      {presence === undefined ? "" : others.length === 0 ? "Nobody else has this draft open." : `Also open by ${words.join(", ")}.`}
    </p>
  );
}
