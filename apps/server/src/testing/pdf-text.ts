import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Money and dates as Intl writes them, with plain spaces for its no-break ones. */
export const spaced = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The text of a PDF as a machine reads it, page by page. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  let text = "";
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += `${content.items.map((item) => ("str" in item ? item.str : "")).join(" ")}\n`;
  }
  return spaced(text);
}
