import { Link } from "react-router";
import { PageHead } from "../head";

/** Answered with HTTP 404 by the server (it serves this page's pre-rendered 404.html). */
export default function NotFoundPage() {
  return (
    <div className="container narrow">
      <PageHead title="Page not found" description="The page you were looking for is not here." path="/404" noindex />
      <h1>Page not found</h1>
      <p>The page you were looking for has moved or never existed.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/quote/business-energy/">get a business energy quote</Link>.
      </p>
    </div>
  );
}
