import { Input, Radio, type RadioChangeEvent } from "antd";
import type { HookAPI } from "antd/es/modal/useModal";
import type { TFunction } from "i18next";
import { createElement } from "react";
import { confirmAction } from "../../controls/confirm-action";

/** A choice the confirmation asks for besides the note (where a refund goes, say). */
export interface ConfirmChoice {
  label: string;
  options: { value: string; label: string }[];
  /** The option chosen when the dialog opens. */
  value: string;
}

/**
 * A confirmation that also asks for an optional note (kept with the record it changes), and a
 * choice when given one: the action receives the note, trimmed, and the option chosen.
 */
export function confirmWithNote(
  modal: HookAPI,
  t: TFunction,
  options: {
    title: string;
    text: string;
    noteLabel: string;
    notePlaceholder: string;
    choice?: ConfirmChoice | undefined;
    action: (note: string, choice: string) => Promise<unknown>;
  },
): void {
  let note = "";
  let chosen = options.choice?.value ?? "";
  const { choice } = options;
  confirmAction(modal, t, {
    title: options.title,
    content: createElement(
      "div",
      { className: "order-move" },
      createElement("p", null, options.text),
      choice
        ? createElement(
            "fieldset",
            { className: "order-move__choice" },
            createElement("legend", null, choice.label),
            createElement(Radio.Group, {
              defaultValue: choice.value,
              options: choice.options,
              onChange: (event: RadioChangeEvent) => {
                chosen = String(event.target.value);
              },
            }),
          )
        : null,
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
    action: () => options.action(note.trim(), chosen),
  });
}
