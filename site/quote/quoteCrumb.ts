/** The breadcrumb label of every quote page. */
export const QUOTE_CRUMB = "Get a quote";
