import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { ConsentChoice } from "../../engine/core/siteCookies";
import { restoreFocusAfterConsent } from "./consentFocus";
import { SiteLink } from "../navigation";
import { currentConsent } from "./consentState";
import { saveConsent } from "./saveConsent";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled])";

/**
 * Cookie settings: a modal dialog with a switch per kind of cookie. Any choice records it and closes; the
 * close button, Escape or the privacy link close it without saving. Scroll is locked and focus stays inside.
 */
export default function ConsentPopup({ onClose }: { onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const initial = currentConsent() ?? { analytics: true, marketing: true };
  const [analytics, setAnalytics] = useState(initial.analytics);
  const [marketing, setMarketing] = useState(initial.marketing);
  const id = useId();

  useLayoutEffect(() => {
    const element = dialog.current!;
    const opener = document.activeElement as HTMLElement | null;
    const root = document.documentElement;
    root.classList.add("scroll-locked");
    element.showModal();
    return () => {
      root.classList.remove("scroll-locked");
      element.close();
      restoreFocusAfterConsent(opener);
    };
  }, []);

  const choose = (choice: ConsentChoice) => {
    saveConsent(choice);
    onClose();
  };

  const trapFocus = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab") return;
    const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="consent-popup"
      aria-labelledby={`${id}-title`}
      onKeyDown={trapFocus}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="consent-popup__header">
        <h2 id={`${id}-title`}>Cookie settings</h2>
        <button type="button" className="consent-popup__close" aria-label="Close without saving" onClick={onClose}>
          ×
        </button>
      </div>
      <p>
        Choose which cookies we may use. Essential cookies keep the site working and cannot be switched off. You can change your mind at any
        time from “Cookie settings” at the foot of every page.{" "}
        <SiteLink to="/legal/privacy-policy/#cookies" onClick={onClose}>
          Read our privacy policy
        </SiteLink>
      </p>
      <ConsentSwitch
        id={`${id}-essential`}
        label="Essential"
        description="Remember your cookie choices and keep forms working. Always on."
        checked
      />
      <ConsentSwitch
        id={`${id}-analytics`}
        label="Analytics"
        description="Count visits and show us which pages help people, so we can improve them."
        checked={analytics}
        onChange={setAnalytics}
      />
      <ConsentSwitch
        id={`${id}-marketing`}
        label="Marketing"
        description="Remember for 30 days which advert or campaign brought you here, and let advertising platforms measure our adverts."
        checked={marketing}
        onChange={setMarketing}
      />
      <div className="consent-buttons">
        <button type="button" className="button button--primary" onClick={() => choose({ analytics, marketing })}>
          Save &amp; Close
        </button>
        <button type="button" className="button button--primary" onClick={() => choose({ analytics: false, marketing: false })}>
          Reject
        </button>
        <button type="button" className="button button--primary" onClick={() => choose({ analytics: true, marketing: true })}>
          Accept All
        </button>
      </div>
    </dialog>
  );
}

function ConsentSwitch(props: { id: string; label: string; description: string; checked: boolean; onChange?: (on: boolean) => void }) {
  const { id, label, description, checked, onChange } = props;
  return (
    <div className="consent-switch">
      <div>
        <label htmlFor={id} className="consent-switch__label">
          {label}
        </label>
        <p id={`${id}-description`} className="consent-switch__description">
          {description}
        </p>
      </div>
      <input
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        disabled={!onChange}
        aria-describedby={`${id}-description`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
    </div>
  );
}
