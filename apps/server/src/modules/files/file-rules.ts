import { SINGLE_LINE_PATTERN } from "@rampart/contracts";
import { isStorable } from "../../http/storable-text.ts";

/** file-type, imported on the first upload (about 50 ms of a start otherwise, measured). */
const fileTypeFromBuffer = async (content: Uint8Array) => (await import("file-type")).fileTypeFromBuffer(content);

/** Where a stored file is served: the address an upload answers and an avatar or a page refers to. */
export const FILE_URL_PREFIX = "/prod-api/file/";

/** What each upload kind accepts (spec section 9): the extensions and the largest size. */
export const UPLOAD_KINDS = {
  image: { extensions: ["png", "jpg", "jpeg"], maxBytes: 5 * 1024 * 1024 },
  file: { extensions: ["doc", "xls", "ppt", "txt", "pdf"], maxBytes: 5 * 1024 * 1024 },
  /**
   * A support ticket's attachment (kept private to the ticket): pictures, PDF, text and logs,
   * archives. Its size is bounded here at most; the setting sys.support.attachmentMaxMb says less.
   */
  attachment: {
    extensions: ["png", "jpg", "jpeg", "gif", "webp", "pdf", "txt", "log", "csv", "zip", "gz", "tgz", "7z", "rar"],
    maxBytes: 25 * 1024 * 1024,
  },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

/** The type the content must have for each extension (file-type's names). */
const CONTENT_FOR_EXTENSION: Record<string, { mime: string; detected: string[] | "text" }> = {
  png: { mime: "image/png", detected: ["png"] },
  jpg: { mime: "image/jpeg", detected: ["jpg"] },
  jpeg: { mime: "image/jpeg", detected: ["jpg"] },
  pdf: { mime: "application/pdf", detected: ["pdf"] },
  // Word, Excel and PowerPoint 97-2003 are compound files (CFB).
  doc: { mime: "application/msword", detected: ["cfb"] },
  xls: { mime: "application/vnd.ms-excel", detected: ["cfb"] },
  ppt: { mime: "application/vnd.ms-powerpoint", detected: ["cfb"] },
  txt: { mime: "text/plain; charset=utf-8", detected: "text" },
  gif: { mime: "image/gif", detected: ["gif"] },
  webp: { mime: "image/webp", detected: ["webp"] },
  log: { mime: "text/plain; charset=utf-8", detected: "text" },
  csv: { mime: "text/csv; charset=utf-8", detected: "text" },
  zip: { mime: "application/zip", detected: ["zip"] },
  gz: { mime: "application/gzip", detected: ["gz"] },
  tgz: { mime: "application/gzip", detected: ["gz"] },
  "7z": { mime: "application/x-7z-compressed", detected: ["7z"] },
  rar: { mime: "application/vnd.rar", detected: ["rar"] },
};

/** The longest file name kept (and a notice's attachment takes). */
export const FILE_NAME_MAX = 255;
const SINGLE_LINE = new RegExp(SINGLE_LINE_PATTERN, "u");

/** What is wrong with an uploaded file's name, if anything: it is one line of storable text. */
export function fileNameProblem(
  name: string,
): "field_bad_characters" | "field_control_characters" | "field_too_long" | undefined {
  if (!isStorable(name)) return "field_bad_characters";
  if (!SINGLE_LINE.test(name)) return "field_control_characters";
  if (name.length > FILE_NAME_MAX) return "field_too_long";
  return undefined;
}

export type FileCheck =
  | { ok: true; extension: string; contentType: string }
  | { ok: false; reason: "type"; allowed: string }
  | { ok: false; reason: "size"; limitMb: number };

/** Plain text: valid UTF-8 without NUL bytes. */
function isText(content: Buffer): boolean {
  if (content.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(content);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks an upload by its content, not only its name: the extension must be allowed for the kind
 * and the bytes must really be of that type (a renamed executable is refused), and it must not be
 * larger than the kind allows.
 */
export async function checkUpload(kind: UploadKind, fileName: string, content: Buffer): Promise<FileCheck> {
  const rule = UPLOAD_KINDS[kind];
  const allowed = rule.extensions.join(", ");
  if (content.length > rule.maxBytes) return { ok: false, reason: "size", limitMb: rule.maxBytes / 1024 / 1024 };
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? "";
  const expected = CONTENT_FOR_EXTENSION[extension];
  if (!expected || !(rule.extensions as readonly string[]).includes(extension)) {
    return { ok: false, reason: "type", allowed };
  }
  if (content.length === 0) return { ok: false, reason: "type", allowed };
  if (expected.detected === "text") {
    const detected = await fileTypeFromBuffer(content);
    return !detected && isText(content)
      ? { ok: true, extension, contentType: expected.mime }
      : { ok: false, reason: "type", allowed };
  }
  const detected = await fileTypeFromBuffer(content);
  return detected && expected.detected.includes(detected.ext)
    ? { ok: true, extension, contentType: expected.mime }
    : { ok: false, reason: "type", allowed };
}
