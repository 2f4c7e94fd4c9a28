import { Link } from "react-router";
import { articleTrail } from "../articles/articleCrumbs";
import { feedPath, listingPath } from "../articles/articlePaths";
import type { ListingPageData } from "../articles/pageData";
import { ArticleMeta } from "../components/ArticleMeta";
import { listingTitle, listingWords } from "../content/articleSections";
import { PageHead } from "../head";
import { Breadcrumbs } from "../layout/Breadcrumbs";

/** A section's guides or news, newest first: each with its title, dates, reading time and summary. */
export function ArticleListingPage({ data }: { data: ListingPageData }) {
  const { section, articleKind, articles } = data;
  const words = listingWords(section, articleKind);
  const title = listingTitle(section, articleKind);
  const feed = articleKind === "news" ? { title, path: feedPath(section) } : undefined;
  return (
    <div className="listing">
      <PageHead title={title} description={words.intro} path={listingPath(section, articleKind)} feed={feed} />
      <Breadcrumbs trail={articleTrail(section, articleKind)} />
      <div className="container listing__main">
        <h1>{words.heading}</h1>
        <p className="hero__lead">{words.intro}</p>
        <ul className="article-list">
          {articles.map((article) => (
            <li key={article.path} className="article-card">
              <h2 className="article-card__title">
                <Link to={article.path}>{article.title}</Link>
              </h2>
              <ArticleMeta article={article} />
              <p>{article.summary}</p>
            </li>
          ))}
        </ul>
        {feed && (
          <p>
            <a href={feed.path} type="application/atom+xml">
              {title} as an Atom feed, for your feed reader
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
