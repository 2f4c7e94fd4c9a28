/**
 * The phone preview frame's page (/studio/preview/): the draft the studio posts, drawn by the site's own renderer
 * and styles at the chosen step, with no answers yet. Nothing is sent: the lead, addresses and validators are
 * the preview's own (previewServices.ts). Load it lazily, so the site's styles reach this frame only.
 */
import "../styles/base.css";
import "../styles/site.css";
import "../styles/quote.css";
import { Component, Suspense, useEffect, useMemo, useState, type ReactNode } from "react";
import type { FlowDocument } from "../../engine/core/types";
import { pathTo } from "../../engine/core/walkFlow";
import { QuoteFlow } from "../../engine/react/QuoteFlow";
import { NavigationContext } from "../navigation";
import { isOwnMessage, type DraftMessage, type FrameMessage } from "./previewMessages";
import { previewServices } from "./previewServices";

interface Drawn {
  flow: FlowDocument;
  stepId: string;
  sent?: number;
  /** Counts drafts, so each draws afresh at its step. */
  n: number;
}

const stayHere = () => undefined;

export function PreviewPage() {
  const [drawn, setDrawn] = useState<Drawn>();
  const [leadSent, setLeadSent] = useState(false);
  const services = useMemo(() => previewServices(() => setLeadSent(true)), []);

  useEffect(() => {
    const receive = (event: MessageEvent) => {
      const data = event.data as Partial<DraftMessage> | null;
      if (!isOwnMessage(event, window.parent) || data?.type !== "studio-draft" || !data.flow || typeof data.stepId !== "string") return;
      const { flow, stepId, sent } = data;
      setLeadSent(false);
      setDrawn((previous) => ({ flow, stepId, n: (previous?.n ?? 0) + 1, ...(sent !== undefined ? { sent } : {}) }));
    };
    window.addEventListener("message", receive);
    tellStudio({ type: "studio-preview-ready" });
    return () => window.removeEventListener("message", receive);
  }, []);

  useEffect(() => {
    if (drawn) tellStudio({ type: "studio-preview-drawn", stepId: drawn.stepId, ...(drawn.sent !== undefined ? { sent: drawn.sent } : {}) });
  }, [drawn]);

  return (
    <NavigationContext value={stayHere}>
      <main className="preview-frame container narrow quote-page" id="main" aria-label="The draft on a phone">
        <p className="preview-frame__note" role="note">
          Preview: nothing is sent{leadSent ? ". Here the lead would go to the partners." : "."}
        </p>
        {drawn && <h1 className="quote-page__title">{drawn.flow.title}</h1>}
        {drawn ? (
          <DraftBoundary key={drawn.n}>
            <Suspense fallback={<p role="status">Loading…</p>}>
              <QuoteFlow flow={drawn.flow} services={services} resume={{ stepId: drawn.stepId, history: pathTo(drawn.flow, drawn.stepId), answers: {} }} />
            </Suspense>
          </DraftBoundary>
        ) : (
          <p role="status">Waiting for the studio…</p>
        )}
      </main>
    </NavigationContext>
  );
}

function tellStudio(message: FrameMessage): void {
  if (window.parent !== window) window.parent.postMessage(message, window.location.origin);
}

/** A draft the renderer cannot draw (half edited) says so, and the next draft tries afresh. */
class DraftBoundary extends Component<{ children: ReactNode }, { problem?: string }> {
  override state: { problem?: string } = {};

  static getDerivedStateFromError(error: unknown): { problem: string } {
    return { problem: error instanceof Error ? error.message : String(error) };
  }

  override render(): ReactNode {
    if (this.state.problem === undefined) return this.props.children;
    return (
      <div role="alert" className="preview-frame__problem">
        <p>This draft cannot be drawn as it stands. The findings say what to fix.</p>
        <p>{this.state.problem}</p>
      </div>
    );
  }
}
