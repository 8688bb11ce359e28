/** A4 portrait in millimetres, with the margin kept on every side. */
const PAGE = { width: 210, height: 297, margin: 10 } as const;
/** The spec's image scale: the page is drawn at twice its CSS pixels, sharp when printed. */
const IMAGE_SCALE = 2;

/**
 * Where pages may end: the bottoms of the report's blocks (`data-report-block`) in CSS pixels from
 * the report's top, so that a page break never cuts a chart in two unless a block is taller than a page.
 */
function blockBottoms(report: HTMLElement): number[] {
  const top = report.getBoundingClientRect().top;
  return [...report.querySelectorAll<HTMLElement>("[data-report-block]")]
    .map((block) => block.getBoundingClientRect().bottom - top)
    .sort((a, b) => a - b);
}

/** The canvas rows each page shows: as much as fits, ending at a block's bottom where one does. */
export function pageSlices(totalHeight: number, pageHeight: number, breaks: readonly number[]): [number, number][] {
  const slices: [number, number][] = [];
  let start = 0;
  while (start < totalHeight) {
    const limit = start + pageHeight;
    let end = totalHeight;
    if (limit < totalHeight) {
      const fitting = breaks.filter((b) => b > start && b <= limit);
      end = fitting.length ? fitting[fitting.length - 1]! : limit;
    }
    slices.push([start, end]);
    start = end;
  }
  return slices;
}

/**
 * Saves `element` as a PDF report (spec section 9: A4 portrait, image scale 2), drawn by
 * html2canvas-pro and laid out by jsPDF, both loaded only when a report is asked for. Elements marked
 * `data-report-skip` (buttons, pickers) stay out; `.report-only` ones (the report's heading) come in.
 */
export async function saveReportPdf(element: HTMLElement, { title, fileName }: { title: string; fileName: string }) {
  const [{ default: html2canvas }, { jsPDF }] = await Promise.all([import("html2canvas-pro"), import("jspdf")]);
  let breaks: number[] = [];
  let drawnHeight = 0;
  const canvas = await html2canvas(element, {
    scale: IMAGE_SCALE,
    backgroundColor: "#f5f7fa",
    logging: false,
    ignoreElements: (node) => node instanceof HTMLElement && node.dataset.reportSkip !== undefined,
    onclone: (_document, clone) => {
      for (const node of clone.querySelectorAll<HTMLElement>(".report-only")) node.style.display = "block";
      // Measured on the copy that is drawn: the heading in, the buttons out.
      breaks = blockBottoms(clone);
      drawnHeight = clone.getBoundingClientRect().height;
    },
  });
  const pdf = new jsPDF({ orientation: "portrait", unit: "mm", format: "a4", compress: true });
  pdf.setProperties({ title });
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const pixelsPerMm = canvas.width / contentWidth;
  const pageHeight = Math.floor((PAGE.height - 2 * PAGE.margin) * pixelsPerMm);
  const scale = drawnHeight ? canvas.height / drawnHeight : IMAGE_SCALE;
  const slices = pageSlices(
    canvas.height,
    pageHeight,
    breaks.map((b) => Math.round(b * scale)),
  );
  slices.forEach(([from, to], index) => {
    const slice = document.createElement("canvas");
    slice.width = canvas.width;
    slice.height = to - from;
    slice.getContext("2d")!.drawImage(canvas, 0, from, canvas.width, to - from, 0, 0, canvas.width, to - from);
    if (index > 0) pdf.addPage("a4", "portrait");
    pdf.addImage(
      slice.toDataURL("image/jpeg", 0.92),
      "JPEG",
      PAGE.margin,
      PAGE.margin,
      contentWidth,
      (to - from) / pixelsPerMm,
    );
  });
  pdf.save(fileName);
}
