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
  const createNS = Document.prototype.createElementNS;
  const stamp = <T extends Element>(element: T): T => {
    if ((element instanceof HTMLStyleElement || element instanceof SVGStyleElement) && !element.nonce) {
      element.nonce = nonce;
    }
    return element;
  };
  document.createElement = function createElement(this: Document, tagName: string, options?: ElementCreationOptions) {
    return stamp(create.call(this, tagName, options));
  } as Document["createElement"];
  // SVG icons can carry a <style> of their own, created in the SVG namespace.
  document.createElementNS = function createElementNS(
    this: Document,
    namespace: string | null,
    qualifiedName: string,
    options?: ElementCreationOptions,
  ) {
    return stamp(createNS.call(this, namespace, qualifiedName, options));
  } as Document["createElementNS"];
}
