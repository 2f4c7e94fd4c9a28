import type { ArticleSummary } from "../articles/article";
import { longDate } from "./longDate";

/** Who wrote an article, when it was published and last updated, and how long it takes to read. */
export function ArticleMeta({ article, withAuthor = false }: { article: ArticleSummary; withAuthor?: boolean }) {
  return (
    <ul className="article-meta">
      {withAuthor && <li>By {article.author}</li>}
      <li>
        Published <time dateTime={article.date}>{longDate(article.date)}</time>
      </li>
      {article.updated && (
        <li>
          Updated <time dateTime={article.updated}>{longDate(article.updated)}</time>
        </li>
      )}
      <li>{article.readingMinutes} min read</li>
    </ul>
  );
}
