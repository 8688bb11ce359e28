let patchedWith: string | undefined;

/**
 * Gives the document's style nonce to every style element that our scripts create. antd passes
 * its nonce on for its own styles, but a few helpers underneath it (the scroll locker of modals and
 * drawers, the scrollbar measurement) add style elements without one, and the
 * Content-Security-Policy would block them. Only script can call createElement, and only scripts
 * with the document's nonce run, so this lets through nothing that was not already trusted;
 * style elements smuggled in as markup stay blocked.
 */
export function giveScriptStylesTheNonce(nonce: string): void {
  if (typeof document === "undefined" || !nonce || patchedWith === nonce) return;
  patchedWith = nonce;
  const create = Document.prototype.createElement;
  document.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    const element = create.call(this, tagName, options);
    if (element instanceof HTMLStyleElement && !element.nonce) element.nonce = nonce;
    return element;
  } as Document["createElement"];
}
