/**
 * The CSP nonces of the document the browser loaded. The server makes new nonces for every
 * response, including the data requests of client navigations, but only the document's own are
 * allowed by its Content-Security-Policy: in the browser the first nonces seen (those of the
 * hydration data) stay for the life of the page. A page the server kept (its page cache) has none:
 * its policy allows its scripts by hash, so nothing new can be inserted with a nonce.
 */
export interface DocumentNonces {
  script: string;
  style: string;
}

let documentNonces: DocumentNonces | undefined;

export function stickyNonces(fromLoader: DocumentNonces): DocumentNonces {
  if (typeof window === "undefined") return fromLoader;
  documentNonces ??= fromLoader;
  return documentNonces;
}

/** True in a browser whose document allows nothing new by nonce (a kept page). */
export function documentHasNoNonce(): boolean {
  return typeof window !== "undefined" && documentNonces !== undefined && documentNonces.style === "";
}
