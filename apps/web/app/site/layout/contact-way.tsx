/**
 * The site's contact way ("sales@… · +86 400 820 6688"): each part stays on one line, so a
 * telephone number never breaks in the middle.
 */
export function ContactWay({ text }: { text: string }) {
  const parts = text.split(/\s+·\s+/);
  return (
    <>
      {parts.map((part, index) => (
        <span key={part} className="contact-way__part">
          {part}
          {index < parts.length - 1 ? " · " : ""}
        </span>
      ))}
    </>
  );
}
