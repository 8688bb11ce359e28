import { lazy, Suspense, useEffect } from "react";
import { useAntdHostWanted } from "./shell-antd";

/** antd, themed for the console, around a part that uses it: loaded with the first such part. */
export const LazyAntdScope = lazy(() => import("./antd-scope"));

const AntdHost = lazy(() => import("./antd-host"));

/** The antd host (feedback of the requests and of the chrome), once it is wanted. */
export function AntdHostSlot() {
  const wanted = useAntdHostWanted((s) => s.wanted);
  return wanted ? (
    <Suspense fallback={null}>
      <AntdHost />
    </Suspense>
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
