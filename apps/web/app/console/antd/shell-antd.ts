import type { MessageInstance } from "antd/es/message/interface";
import type { HookAPI } from "antd/es/modal/useModal";
import { create } from "zustand";
import { type Feedback, feedback, silentFeedback } from "../../shared/request/feedback";

/** What the console's chrome asks of antd: short messages and confirmations. */
export interface ShellAntd {
  message: MessageInstance;
  modal: HookAPI;
}

/** Whether the antd host is wanted (the shell mounts it then). */
export const useAntdHostWanted = create<{ wanted: boolean; want(): void }>()((set) => ({
  wanted: false,
  want: () => set({ wanted: true }),
}));

let provided: ShellAntd | undefined;
const waiting: ((api: ShellAntd) => void)[] = [];

/** Called by the host once mounted (and again if its APIs change); the answer withdraws them. */
export function provideShellAntd(api: ShellAntd): () => void {
  provided = api;
  for (const resolve of waiting.splice(0)) resolve(api);
  return () => {
    if (provided === api) provided = undefined;
  };
}

/** Whether the host is there (its feedback installed). */
export function shellAntdProvided(): boolean {
  return provided !== undefined;
}

/** antd's message and modal APIs, loading the host first if it is not there yet. */
export function shellAntd(): Promise<ShellAntd> {
  if (provided) return Promise.resolve(provided);
  useAntdHostWanted.getState().want();
  return new Promise((resolve) => waiting.push(resolve));
}

/**
 * The request client's feedback until the host is there: each call loads the host, then goes to
 * the feedback the host installed. Nothing the user should see is dropped on the way.
 */
export function deferredFeedback(): Feedback {
  // Once the host is there, the feedback it installed (never this one again: that would go round).
  const ready = () =>
    shellAntd().then(() => {
      const real = feedback();
      return real === self ? silentFeedback : real;
    });
  const self: Feedback = {
    error: (text) => void ready().then((real) => real.error(text)),
    notifyError: (title) => void ready().then((real) => real.notifyError(title)),
    confirmRelogin: () => ready().then((real) => real.confirmRelogin()),
    clearErrors: () => void ready().then((real) => real.clearErrors()),
    showLoading(text, blocking) {
      let close: (() => void) | undefined;
      let closed = false;
      void ready().then((real) => {
        if (!closed) close = real.showLoading(text, blocking);
      });
      return () => {
        closed = true;
        close?.();
      };
    },
  };
  return self;
}
