/** The site's privacy policy, which consent wording names. */
const PRIVACY_POLICY_PATH = "/legal/privacy-policy/";
const PRIVACY_POLICY = "privacy policy";

/**
 * Consent wording exactly as recorded, with the privacy policy it names linked. The link opens a new tab, so the
 * visitor reading it keeps their answers in the form.
 */
export function LinkedWording({ text }: { text: string }) {
  const at = text.indexOf(PRIVACY_POLICY);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <a href={PRIVACY_POLICY_PATH} target="_blank" rel="noopener">
        {PRIVACY_POLICY}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
      {text.slice(at + PRIVACY_POLICY.length)}
    </>
  );
}
