/** The phone preview frame's page (stand-in until the preview frame arrives). */
export function PreviewPage() {
  return <h1>Phone preview</h1>;
}
