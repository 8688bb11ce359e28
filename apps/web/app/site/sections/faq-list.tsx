import { useId } from "react";

/** Questions and answers that open in place (no JavaScript needed). */
export function FaqList({ title, items }: { title: string; items: { q: string; a: string }[] }) {
  const id = useId();
  return (
    <section className="section section--tinted" aria-labelledby={id}>
      <div className="container faq">
        <h2 id={id} className="section__title">
          {title}
        </h2>
        {items.map((item) => (
          <details key={item.q} className="faq__item">
            <summary className="faq__question">{item.q}</summary>
            <p className="faq__answer">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
