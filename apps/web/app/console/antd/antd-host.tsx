import { App } from "antd";
import { useEffect } from "react";
import { AntdFeedback } from "./antd-feedback";
import AntdScope from "./antd-scope";
import { provideShellAntd } from "./shell-antd";

/** Hands the host's message and modal APIs to the console's own chrome (see shell-antd.ts). */
function ShellApis() {
  const { message, modal } = App.useApp();
  useEffect(() => provideShellAntd({ message, modal }), [message, modal]);
  return null;
}

/**
 * The console's one home for antd's feedback: the request client's messages, notifications,
 * confirmations and overlays, and the chrome's (log out, size switched). Mounted when the browser
 * is idle after the first view, or at once when something needs it.
 */
export default function AntdHost() {
  return (
    <AntdScope>
      <AntdFeedback />
      <ShellApis />
    </AntdScope>
  );
}
