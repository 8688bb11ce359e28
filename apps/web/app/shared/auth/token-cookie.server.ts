import { TOKEN_COOKIE } from "@rampart/contracts";

/** Signed in means the token cookie exists (spec section 4); the server only looks, never trusts it. */
export function hasTokenCookie(request: Request): boolean {
  return (request.headers.get("cookie") ?? "")
    .split(/;\s*/)
    .some((pair) => pair.startsWith(`${TOKEN_COOKIE}=`) && pair.length > TOKEN_COOKIE.length + 1);
}
