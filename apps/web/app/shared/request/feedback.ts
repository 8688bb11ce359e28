/**
 * How the request client speaks to the user. The console installs an antd implementation
 * (messages, notifications, confirm dialogs, overlays); until then, and on the server, problems
 * only go to the browser console.
 */
export interface Feedback {
  /** A short error message (antd message), shown for 5 s. */
  error(message: string): void;
  /** An error notification titled with the message (antd notification). */
  notifyError(title: string): void;
  /** 'Invalid session or session has expired': resolves true for "Log in again". */
  confirmRelogin(): Promise<boolean>;
  /** The overlay of slow requests (after 500 ms) and the blocking overlay of downloads. */
  showLoading(text: string, blocking: boolean): () => void;
  /** Closes the errors still shown: the form they were about has since succeeded. */
  clearErrors(): void;
}

/** Problems to the browser's console only (on the server, and before any feedback is installed). */
export const silentFeedback: Feedback = {
  error: (message) => console.error(message),
  notifyError: (title) => console.error(title),
  confirmRelogin: async () => false,
  showLoading: () => () => {},
  clearErrors: () => {},
};

let current: Feedback = silentFeedback;

export function installFeedback(feedback: Feedback): () => void {
  current = feedback;
  return () => {
    if (current === feedback) current = silentFeedback;
  };
}

export function feedback(): Feedback {
  return current;
}
