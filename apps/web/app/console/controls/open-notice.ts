import type { NotificationView } from "@rampart/contracts";
import { useNavigate } from "react-router";

/** Opens a notice's link: within the console when it is the console's own address. */
export function useOpenNotice() {
  const navigate = useNavigate();
  return (notice: NotificationView) => {
    if (!notice.link) return;
    const url = new URL(notice.link, location.href);
    // The server writes the links; still, nothing but a web address is followed.
    if (url.protocol !== "https:" && url.protocol !== "http:") return;
    if (url.origin === location.origin) void navigate(`${url.pathname}${url.search}`);
    else location.assign(url.href);
  };
}
