import type { ReactNode } from "react";

/**
 * A titled white panel: the console's card, in a few lines of markup instead of antd's Card (which
 * brings its tabs along and would weigh on the first view of every session).
 */
export function Panel({ title, children, className }: { title?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section className={`panel${className ? ` ${className}` : ""}`}>
      {title ? <h2 className="panel__title">{title}</h2> : null}
      <div className="panel__body">{children}</div>
    </section>
  );
}
