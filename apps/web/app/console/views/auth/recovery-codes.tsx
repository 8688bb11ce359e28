/** The recovery codes as a text file, one per line, saved by the browser. */
export function downloadCodes(codes: string[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
