import { Input } from "antd";
import type { HookAPI } from "antd/es/modal/useModal";
import type { TFunction } from "i18next";
import { createElement } from "react";
import { confirmAction } from "../../controls/confirm-action";

/**
 * A confirmation that also asks for an optional note (kept with the record it changes): the
 * action receives the note, trimmed.
 */
export function confirmWithNote(
  modal: HookAPI,
  t: TFunction,
  options: {
    title: string;
    text: string;
    noteLabel: string;
    notePlaceholder: string;
    action: (note: string) => Promise<unknown>;
  },
): void {
  let note = "";
  confirmAction(modal, t, {
    title: options.title,
    content: createElement(
      "div",
      { className: "order-move" },
      createElement("p", null, options.text),
      createElement(Input.TextArea, {
        "aria-label": options.noteLabel,
        placeholder: options.notePlaceholder,
        maxLength: 500,
        // Three rows, not autoSize: antd measures its height with a style attribute, which the
        // Content-Security-Policy refuses (an error in the console each time the dialog opened).
        rows: 3,
        onChange: (event: { target: { value: string } }) => {
          note = event.target.value;
        },
      }),
    ),
    action: () => options.action(note.trim()),
  });
}
