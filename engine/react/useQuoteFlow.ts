/** Runs the quote flow's state machine in React: keeps its state, sends it inputs and performs its effects. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { HISTORY_KEY } from "../core/quoteFlowHistory";
import { initialState, servedState, transition, type QuoteFlowEffect, type QuoteFlowInput, type QuoteFlowState } from "../core/quoteFlow";
import type { QuoteFlowProps } from "./types";

/** The flow's state and how to send it an input. */
export function useQuoteFlow(props: QuoteFlowProps): [QuoteFlowState, (input: QuoteFlowInput) => void] {
  const { flow, initialAnswers, resume, onBackAtStart, served } = props;
  const [state, setState] = useState(() => (served ? servedState(flow, served) : initialState(flow, initialAnswers, resume, onBackAtStart !== undefined)));
  const current = useRef(state);
  // The latest props, read by effects performed after a render that may have changed them.
  const latest = useRef(props);
  latest.current = props;

  // When each step was answered on this page (the consent certificate's form.steps), as the visitor moved on from it.
  const answeredAt = useRef<Record<string, number>>({});

  const send = (input: QuoteFlowInput) => {
    if (input.type === "next") answeredAt.current = { ...answeredAt.current, [current.current.walk.stepId]: performance.now() };
    const next = transition(current.current, input);
    current.current = next.state;
    setState(next.state);
    for (const effect of next.effects) perform(effect);
  };

  const perform = (effect: QuoteFlowEffect) => {
    const { services, onEvent, onBackAtStart: leave } = latest.current;
    switch (effect.type) {
      case "submitLead":
        services.submitLead(flow, effect.answers, answeredAt.current).then(
          (result) => send({ type: "submitted", result }),
          () => send({ type: "submitted" }),
        );
        return;
      case "startFlow":
        services.startFlow(effect.flowId, effect.answers, effect.from);
        return;
      case "track":
        onEvent?.(effect.event);
        return;
      case "history": {
        // Beside what the router keeps in history.state; the router counts entries by `idx`.
        const kept = (window.history.state ?? {}) as Record<string, unknown>;
        const idx = typeof kept.idx === "number" ? kept.idx + (effect.action === "push" ? 1 : 0) : undefined;
        const entry = { ...kept, ...(idx === undefined ? {} : { idx }), [HISTORY_KEY]: effect.entry };
        if (effect.action === "push") window.history.pushState(entry, "");
        else window.history.replaceState(entry, "");
        return;
      }
      case "historyGo":
        window.history.go(effect.delta);
        return;
      case "leaveBack":
        leave?.();
        return;
    }
  };

  // Answers given after the flow is on screen join it where it stands, in the same commit: drawing it afresh would
  // replace the step's inputs under a tap already under way (its pointer down, not yet up), and lose the tap.
  const given = useRef(initialAnswers);
  useLayoutEffect(() => {
    if (initialAnswers === given.current) return;
    given.current = initialAnswers;
    if (initialAnswers) send({ type: "prefill", answers: initialAnswers });
    // The answers alone: `send` is the same function each render in what it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialAnswers]);

  useEffect(() => {
    send({ type: "open", historyState: window.history.state });
    const onPopState = (event: PopStateEvent) => send({ type: "popstate", historyState: event.state });
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
    // Once, on mounting: the page's history entry is read and the listener added a single time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return [state, send];
}
