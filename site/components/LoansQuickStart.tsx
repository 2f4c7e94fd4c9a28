/** Business loans are arranged by a lending partner: a link out, opened in a new tab, marked as sponsored. */
export function LoansQuickStart({ partnerUrl, label }: { partnerUrl: string; label: string }) {
  return (
    <a className="button button--primary" href={partnerUrl} target="_blank" rel="sponsored noopener noreferrer">
      {label}
      <span className="visually-hidden"> (opens our lending partner's site in a new tab)</span>
    </a>
  );
}
