import type { ServiceView } from "@rampart/contracts";
import { useEffect, useState } from "react";
import { describeService, loginToReturn } from "./order-api";

export type ServiceState =
  | { state: "none" }
  | { state: "loading" }
  | { state: "missing" }
  | { state: "found"; service: ServiceView };

/** The customer's service bought by order `orderNo` (read in the browser with their session). */
export function useService(orderNo: string | null, language: string): ServiceState {
  const [shown, setShown] = useState<ServiceState>(orderNo ? { state: "loading" } : { state: "none" });
  useEffect(() => {
    if (!orderNo) return;
    let live = true;
    if (!/^\d{8,32}$/.test(orderNo)) {
      setShown({ state: "missing" });
      return;
    }
    describeService(orderNo, language)
      .then((answer) => {
        if (!live) return;
        if (answer.code === 401) location.assign(loginToReturn());
        else
          setShown(
            answer.code === 200 && answer.data ? { state: "found", service: answer.data } : { state: "missing" },
          );
      })
      .catch(() => live && setShown({ state: "missing" }));
    return () => {
      live = false;
    };
  }, [orderNo, language]);
  return shown;
}

const DAY_MS = 86_400_000;

/** Whole days left until the expiry, as the server counts them for an upgrade. */
export function daysLeft(service: ServiceView, now = Date.now()): number {
  return service.expiresAt ? Math.max(0, Math.ceil((Date.parse(service.expiresAt) - now) / DAY_MS)) : 0;
}
