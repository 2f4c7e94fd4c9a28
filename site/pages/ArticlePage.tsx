import type { MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { articleTrail } from "../articles/articleCrumbs";
import type { ArticleLink, ArticlePageData } from "../articles/pageData";
import { ArticleMeta } from "../components/ArticleMeta";
import { ArticleQuickStart } from "../components/ArticleQuickStart";
import { JsonLd } from "../components/JsonLd";
import { BRAND, SITE_URL } from "../config";
import { PageHead } from "../head";
import { Breadcrumbs } from "../layout/Breadcrumbs";

/** A guide or news article: its body from the build, a quick start into its service, related guides and its neighbours. */
export function ArticlePage({ data }: { data: ArticlePageData }) {
  const { article, html, related, previous, next } = data;
  const noun = article.kind === "guide" ? "guide" : "article";
  const url = SITE_URL + article.path;
  return (
    <article className="article">
      <PageHead title={article.title} description={article.description} path={article.path} />
      <Breadcrumbs trail={articleTrail(article.section, article.kind, article)} />
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Article",
          headline: article.title,
          description: article.description,
          datePublished: article.date,
          dateModified: article.updated ?? article.date,
          author: { "@type": "Organization", name: article.author },
          publisher: { "@type": "Organization", name: BRAND, url: `${SITE_URL}/` },
          mainEntityOfPage: url,
          url,
        }}
      />
      <div className="container article__layout">
        <div className="article__main">
          <h1>{article.title}</h1>
          <ArticleMeta article={article} withAuthor />
          {/* Rendered from Markdown at build time; links to our own pages open inside the app. */}
          <div className="article__body" onClick={useFollowInApp()} dangerouslySetInnerHTML={{ __html: html }} />
          <ArticleQuickStart section={article.section} />
          {(previous || next) && (
            <nav className="article__pager" aria-label={`More ${article.kind === "guide" ? "guides" : "news"}`}>
              {previous && <PagerLink rel="prev" label={`Previous ${noun}`} link={previous} />}
              {next && <PagerLink rel="next" label={`Next ${noun}`} link={next} />}
            </nav>
          )}
        </div>
        {related.length > 0 && (
          <nav className="article__related" aria-labelledby="related-guides">
            <h2 id="related-guides">Related guides</h2>
            <ul>
              {related.map((guide) => (
                <li key={guide.path}>
                  <Link to={guide.path}>{guide.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </div>
    </article>
  );
}

function PagerLink({ rel, label, link }: { rel: "prev" | "next"; label: string; link: ArticleLink }) {
  return (
    <Link className={`article__pager-link article__pager-link--${rel}`} rel={rel} to={link.path}>
      <span className="article__pager-label">{label}</span>
      {link.title}
    </Link>
  );
}

/**
 * A click on a link to one of our own pages moves inside the app instead of reloading, so campaign values held
 * in memory for this visit (no marketing consent) still reach a quote started from the article.
 */
function useFollowInApp(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest("a");
    const href = link?.getAttribute("href");
    if (!link || !href?.startsWith("/") || href.startsWith("//") || link.target) return;
    event.preventDefault();
    void navigate(href);
  };
}
