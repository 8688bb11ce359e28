import DOMPurify from "dompurify";
import { useMemo } from "react";
import "./rich-text.css";

/** Rich text as the server kept it (sanitised there), sanitised again before it is shown. */
export function RichTextView({ html }: { html: string }) {
  const clean = useMemo(
    () =>
      DOMPurify.sanitize(html, {
        USE_PROFILES: { html: true },
        FORBID_TAGS: ["style", "form"],
        FORBID_ATTR: ["style"],
      }),
    [html],
  );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server and again by DOMPurify above
  return <div className="rich-text__body" dangerouslySetInnerHTML={{ __html: clean }} />;
}
