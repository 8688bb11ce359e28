// Types of build/server/index.js as the server imports it ("@rampart/web/server-build").
import type { RouterContext, ServerBuild } from "react-router";
import type { RequestContext } from "./app/shared/request-context";

export declare const entry: ServerBuild["entry"] & {
  module: ServerBuild["entry"]["module"] & { requestContext: RouterContext<RequestContext> };
};
export declare const routes: ServerBuild["routes"];
export declare const assets: ServerBuild["assets"];
