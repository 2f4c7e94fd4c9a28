/** Structured data for search engines, as a schema.org JSON-LD block. */
export function JsonLd({ data }: { data: object }) {
  // A data block, not a script: browsers never run it, so the Content Security Policy need not list it.
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }} />;
}
