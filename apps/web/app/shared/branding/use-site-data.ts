import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root";

/** The root route's data (branding, language) from anywhere below it. */
export function useSiteData() {
  const data = useRouteLoaderData<typeof rootLoader>("root");
  if (!data) throw new Error("useSiteData must be used below the root route");
  return data;
}
