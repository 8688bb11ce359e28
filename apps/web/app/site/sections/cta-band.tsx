import type { ReactNode } from "react";
import { useId } from "react";

/** The closing call to action of a page. */
export function CtaBand({ title, text, actions }: { title: string; text: string; actions: ReactNode }) {
  const id = useId();
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={id} className="cta-band__title">
            {title}
          </h2>
          <p className="cta-band__text">{text}</p>
        </div>
        <div className="cta-band__actions">{actions}</div>
      </div>
    </section>
  );
}
