import NProgress from "nprogress";
import { useEffect } from "react";
import { useNavigation } from "react-router";

NProgress.configure({ showSpinner: false, trickleSpeed: 120, minimum: 0.15 });

/** A thin bar at the top of the page while a client navigation loads (spec section 2; no spinner). */
export function NavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === "idle") NProgress.done();
    else NProgress.start();
  }, [state]);
  useEffect(() => () => void NProgress.done(), []);
  return null;
}
