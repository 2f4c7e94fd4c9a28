import { Link } from "react-router";
import { PageHead } from "../head";
import { sitePages } from "../siteMap";

/** The not-found page's key, as the spec names it. */
export const NOT_FOUND_KEY = "errorNotFound";

/** Answered with HTTP 404 by the server (it serves this page's pre-rendered 404.html). */
export default function NotFoundPage() {
  return (
    <div className="container narrow not-found" data-page={NOT_FOUND_KEY}>
      <PageHead title="Page not found" description="The page you were looking for is not here." path="/404" noindex />
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or never existed. If you typed the address, check it is spelt correctly.</p>
      <p>
        <Link to="/">Go to the home page</Link>, or choose the service you want to compare:
      </p>
      <ul className="pill-list">
        {sitePages
          .filter((page) => page.path !== "/" && !page.path.startsWith("/legal/"))
          .map((page) => (
            <li key={page.path}>
              <Link className="pill" to={page.path}>
                {page.crumb}
              </Link>
            </li>
          ))}
      </ul>
    </div>
  );
}
