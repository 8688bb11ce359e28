import type { Language, RouterEntry } from "@rampart/contracts";
import { create } from "zustand";
import { menuApi } from "../../shared/auth/menu-api";
import { useSession } from "../../shared/auth/session-store";
import { RequestError } from "../../shared/request/request-client";
import { type ConsoleRoute, flattenRoutes } from "../routing/menu-routes";

/**
 * "enrol": a role demands a second factor the user has not set up; the console waits for it.
 * "expired": the session had ended (401); no page can be known, the "log in again" dialog is up.
 */
type Status = "idle" | "loading" | "ready" | "failed" | "enrol" | "expired";

interface ConsoleRoutesState {
  status: Status;
  language: Language | null;
  tree: RouterEntry[];
  routes: ConsoleRoute[];
  /**
   * The route guard (spec section 2): with a token and no roles loaded, load the user and the menu
   * tree in the language; when that fails, carry on without them. Again when the language changes.
   */
  ensure(language: Language): Promise<void>;
  reset(): void;
}

export const useConsoleRoutes = create<ConsoleRoutesState>()((set, get) => ({
  status: "idle",
  language: null,
  tree: [],
  routes: [],
  async ensure(language) {
    const { status, language: loaded } = get();
    if ((status === "ready" || status === "loading" || status === "enrol") && loaded === language) return;
    set({ status: "loading", language });
    try {
      const session = useSession.getState();
      const [, tree] = await Promise.all([
        session.roles.length === 0 ? session.getInfo() : Promise.resolve(),
        menuApi.getRouters(language),
      ]);
      if (get().language !== language) return; // the language changed meanwhile
      if (useSession.getState().twoFactorEnrolment) {
        set({ status: "enrol", tree: [], routes: [] });
        return;
      }
      set({ status: "ready", tree: tree.data, routes: flattenRoutes(tree.data) });
    } catch (error) {
      const expired = error instanceof RequestError && error.kind === "expired";
      if (get().language === language) set({ status: expired ? "expired" : "failed", tree: [], routes: [] });
    }
  },
  reset: () => set({ status: "idle", language: null, tree: [], routes: [] }),
}));
