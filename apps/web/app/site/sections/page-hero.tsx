import type { ReactNode } from "react";

/** The top of a page: kicker, the page's one h1, the promise, and its calls to action. */
export function PageHero({
  kicker,
  title,
  lead,
  actions,
  art,
}: {
  kicker: string;
  title: string;
  lead: string;
  actions?: ReactNode;
  art?: ReactNode;
}) {
  return (
    <section className="hero hero--page">
      <div className="container hero__grid">
        <div className="hero__copy">
          <p className="hero__kicker">{kicker}</p>
          <h1 className="hero__title">{title}</h1>
          <p className="hero__lead">{lead}</p>
          {actions ? <div className="hero__actions">{actions}</div> : null}
        </div>
        {art}
      </div>
    </section>
  );
}
