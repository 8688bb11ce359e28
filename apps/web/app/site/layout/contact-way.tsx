import { Fragment } from "react";

/**
 * The site's contact way ("sales@… · +86 400 820 6688"): each part stays on one line, so a
 * telephone number never breaks in the middle.
 */
export function ContactWay({ text }: { text: string }) {
  const parts = text.split(/\s+·\s+/);
  return (
    <>
      {/* The separator outside the parts: a space at the end of an inline block is dropped ("·+84"). */}
      {parts.map((part, index) => (
        <Fragment key={part}>
          <span className="contact-way__part">{part}</span>
          {index < parts.length - 1 ? " · " : ""}
        </Fragment>
      ))}
    </>
  );
}
