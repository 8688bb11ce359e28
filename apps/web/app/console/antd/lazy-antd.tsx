import { Component, lazy, type ReactNode, Suspense, useEffect, useLayoutEffect } from "react";
import { installFeedback } from "../../shared/request/feedback";
import { deferredFeedback, shellAntdProvided, useAntdHostWanted } from "./shell-antd";

/** antd, themed for the console, around a part that uses it: loaded with the first such part. */
export const LazyAntdScope = lazy(() => import("./antd-scope"));

const AntdHost = lazy(() => import("./antd-host"));

/** Should the host's code fail to load (a new release replaced it), the console goes on without it. */
class WithoutHost extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * The antd host (feedback of the requests and of the chrome), once it is wanted. Until it is there
 * the request client's feedback waits for it (and brings it); the host then installs its own.
 */
export function AntdHostSlot() {
  const wanted = useAntdHostWanted((s) => s.wanted);
  // Installed before the host can be: effects run from the children up, so the host's own feedback,
  // when it is already loaded, replaces this one rather than the other way round.
  useLayoutEffect(() => (shellAntdProvided() ? undefined : installFeedback(deferredFeedback())), []);
  return wanted ? (
    <WithoutHost>
      <Suspense fallback={null}>
        <AntdHost />
      </Suspense>
    </WithoutHost>
  ) : null;
}

/**
 * Placed after a view, inside its Suspense boundary: once the view is on screen and the browser
 * has nothing else to do, the antd host loads (so that the first message or dialog is at hand).
 */
export function AfterView() {
  useEffect(() => {
    const want = () => useAntdHostWanted.getState().want();
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(want, { timeout: 3000 });
      return () => window.cancelIdleCallback(handle);
    }
    const handle = window.setTimeout(want, 500);
    return () => window.clearTimeout(handle);
  }, []);
  return null;
}
