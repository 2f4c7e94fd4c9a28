/** What the studio page and its phone preview frame say to each other (same origin only). */
import type { FlowDocument } from "../../engine/core/types";
import { STUDIO_HOME } from "./studioPlace";

/** The studio to the frame: draw this draft at this step. `sent` is the studio's clock when posted. */
export interface DraftMessage {
  type: "studio-draft";
  flow: FlowDocument;
  stepId: string;
  sent?: number;
}

/** The frame to the studio: ready for a draft, or a draft drawn (with the `sent` it came with). */
export type FrameMessage = { type: "studio-preview-ready" } | { type: "studio-preview-drawn"; stepId: string; sent?: number };

/** Where the frame's page is. */
export const PREVIEW_PATH = `${STUDIO_HOME}preview/`;

/** Whether a message event is one the given window sent from this page's own origin. */
export function isOwnMessage(event: MessageEvent, from: MessageEventSource | null): boolean {
  return event.origin === window.location.origin && from !== null && event.source === from;
}
