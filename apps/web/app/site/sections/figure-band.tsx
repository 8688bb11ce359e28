/** A row of headline figures (the marketing figures of spec section 9). */
export function FigureBand({ title, figures }: { title: string; figures: { value: string; label: string }[] }) {
  return (
    <section className="figures" aria-label={title}>
      <div className="container">
        <ul className="figures__list">
          {figures.map((figure) => (
            <li key={figure.label} className="figures__item">
              <span className="figures__value">{figure.value}</span>
              <span className="figures__label">{figure.label}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
