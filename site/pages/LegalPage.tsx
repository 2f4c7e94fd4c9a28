import { ContentBlocks, ContentSection } from "../components/ContentBlocks";
import type { LegalContent } from "../content/types";
import { PageHead } from "../head";
import { Breadcrumbs } from "../layout/Breadcrumbs";
import { breadcrumbTrail, type SitePage } from "../siteMap";

const longDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** A legal document: its date, a list of contents, then its numbered sections. */
export function LegalPage({ page, content }: { page: SitePage; content: LegalContent }) {
  return (
    <article className="legal">
      <PageHead title={page.title} description={content.description} path={page.path} />
      <Breadcrumbs trail={breadcrumbTrail(page)} />
      <div className="container">
        <h1>{content.heading}</h1>
        <p className="legal__effective">
          Effective from <time dateTime={content.effective}>{longDate.format(new Date(`${content.effective}T00:00:00Z`))}</time>
        </p>
        <ContentBlocks blocks={content.intro} />
        <nav className="legal__contents" aria-labelledby="contents">
          <h2 id="contents">Contents</h2>
          <ol>
            {content.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.heading}</a>
              </li>
            ))}
          </ol>
        </nav>
        {content.sections.map((section) => (
          <ContentSection key={section.id} section={section} />
        ))}
      </div>
    </article>
  );
}
