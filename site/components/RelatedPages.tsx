import { Link } from "react-router";
import { findPage } from "../siteMap";

/** Links to related service pages, by their breadcrumb labels. */
export function RelatedPages({ paths }: { paths: string[] }) {
  const pages = paths.map(findPage).filter((page) => page !== undefined);
  if (pages.length === 0) return null;
  return (
    <nav className="related" aria-labelledby="related">
      <h2 id="related">Businesses also compare</h2>
      <ul className="pill-list">
        {pages.map((page) => (
          <li key={page.path}>
            <Link className="pill" to={page.path}>
              {page.crumb}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
