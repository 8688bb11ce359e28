import { feedback } from "./feedback";
import { headersFor, messageFor, RequestError, requestEnvironment, requestText, send } from "./request-client";

export type UploadKind = "image" | "file" | "attachment";

/** The limits of spec section 9, checked before sending (the server checks again, by content). */
export const UPLOAD_LIMITS: Record<UploadKind, { extensions: string[]; maxMb: number }> = {
  image: { extensions: ["png", "jpg", "jpeg"], maxMb: 5 },
  file: { extensions: ["doc", "xls", "ppt", "txt", "pdf"], maxMb: 5 },
  // A support ticket's attachment: the server's desk setting may allow less than this (it says so).
  attachment: {
    extensions: ["png", "jpg", "jpeg", "gif", "webp", "pdf", "txt", "log", "csv", "zip", "gz", "tgz", "7z", "rar"],
    maxMb: 25,
  },
};

/** Why a file would be refused, in the user's language; undefined when it may be sent. */
export function uploadProblem(file: File, kind: UploadKind): string | undefined {
  const { extensions, maxMb } = UPLOAD_LIMITS[kind];
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "";
  if (!extensions.includes(extension)) return requestText("uploadWrongType", { allowed: extensions.join(", ") });
  if (file.size > maxMb * 1024 * 1024) return requestText("uploadTooLarge", { limit: maxMb });
  return undefined;
}

/** Sends one file to POST /prod-api/file/upload; resolves with its URL. */
export async function uploadFile(file: File, kind: UploadKind): Promise<string> {
  const problem = uploadProblem(file, kind);
  if (problem) {
    feedback().error(problem);
    throw new RequestError("code", problem, 400);
  }
  const form = new FormData();
  form.append("kind", kind);
  form.append("file", file);
  const response = await send(
    `${requestEnvironment().baseUrl()}/file/upload`,
    { method: "POST", headers: headersFor({ url: "/file/upload" }, false), body: form },
    false,
    requestText("loading"),
    false,
  );
  let body: { code?: number; msg?: string; data?: { url: string } };
  try {
    body = (await response.json()) as typeof body;
  } catch {
    const message = requestText("imageUploadFailed");
    feedback().error(message);
    throw new RequestError("http", message, response.status);
  }
  if ((body.code ?? 200) === 200 && body.data?.url) return body.data.url;
  const message = messageFor(body.code ?? 500, body.msg);
  feedback().error(message);
  throw new RequestError("code", message, body.code);
}
