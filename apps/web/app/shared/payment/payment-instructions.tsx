/**
 * How to pay an order by bank transfer, as the site wrote it (its bank details and instructions
 * in the reader's language): plain text whose line breaks are kept, never markup. Without
 * instructions, the sentence saying the provider will get in touch (never an empty box). The
 * order page's confirmation and the console's My orders show it, each with its own words.
 */
export function PaymentInstructionsBox({
  title,
  instructions,
  fallback,
  note,
}: {
  title: string;
  /** The site's text, or null when it gave none. */
  instructions: string | null;
  /** What is said without instructions (the provider will contact the customer). */
  fallback: string;
  /** What to quote and when the service starts. */
  note?: string;
}) {
  return (
    <section className="payment-instructions" aria-label={title} data-testid="payment-instructions">
      <h2 className="payment-instructions__title">{title}</h2>
      {instructions ? (
        <p className="payment-instructions__text">{instructions}</p>
      ) : (
        <p className="payment-instructions__fallback">{fallback}</p>
      )}
      {note ? <p className="payment-instructions__note">{note}</p> : null}
    </section>
  );
}
