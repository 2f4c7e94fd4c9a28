/**
 * The phone preview beside the editor: a 390×844 frame of /studio/preview/, sent the draft and the chosen step
 * each time either changes (and when the frame is ready), so it draws the draft as it stands.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { isOwnMessage, PREVIEW_PATH, type DraftMessage, type FrameMessage } from "./previewMessages";

export const PHONE = { width: 390, height: 844 } as const;

interface PhonePreviewProps {
  flow: FlowDocument;
  stepId: string;
}

export function PhonePreview({ flow, stepId }: PhonePreviewProps) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  // How long the last draft took from being sent to being drawn, for whoever measures the studio.
  const [drawMs, setDrawMs] = useState<number>();

  const send = useCallback(() => {
    const message: DraftMessage = { type: "studio-draft", flow, stepId, sent: performance.now() };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [flow, stepId]);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const data = event.data as Partial<FrameMessage> | null;
      if (!isOwnMessage(event, frame.current?.contentWindow ?? null)) return;
      if (data?.type === "studio-preview-ready") setReady(true);
      if (data?.type === "studio-preview-drawn" && typeof data.sent === "number") setDrawMs(Math.round(performance.now() - data.sent));
    };
    window.addEventListener("message", receive);
    return () => window.removeEventListener("message", receive);
  }, []);

  useEffect(() => {
    if (ready) send();
  }, [ready, send]);

  return (
    <div className="studio-phone" data-draw-ms={drawMs}>
      <iframe ref={frame} title="Phone preview" src={PREVIEW_PATH} width={PHONE.width} height={PHONE.height} />
    </div>
  );
}
