/** Catches anything a quote page throws while drawing (a broken flow, a chunk that failed to load) and shows QuoteUnavailable. */
import { Component, type ErrorInfo, type ReactNode } from "react";
import { QuoteUnavailable } from "./QuoteUnavailable";

interface State {
  failed: boolean;
}

export class QuoteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // For whoever has the console open (an analyst in the live preview): what broke, and where.
    console.error("The quote form could not be drawn:", error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <QuoteUnavailable /> : this.props.children;
  }
}
