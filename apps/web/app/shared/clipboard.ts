/**
 * Copies text for the user: resolves true when it is on the clipboard, false when the browser
 * refused (the caller then asks the user to press Ctrl+C themselves, spec section 8).
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
