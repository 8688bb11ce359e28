import { saveAs } from "file-saver";
import { feedback } from "./feedback";
import { toQueryString } from "./query-string";
import { buildUrl, headersFor, messageFor, RequestError, requestText, send } from "./request-client";

export interface DownloadOptions {
  url: string;
  /** GET query parameters, or the form fields of a POST. */
  params?: Record<string, unknown>;
  method?: "GET" | "POST";
  /** A POST's JSON body instead of form fields (a secret such as a file's password: never in a URL). */
  json?: object;
  /** The name the file is saved under. */
  fileName: string;
}

/**
 * Downloads a file with the session's token and saves it under a name (spec section 7), behind the
 * blocking overlay 'Downloading data, please wait'. A POST sends its fields form-encoded. When the
 * answer is not a file but the API's JSON error, that error is shown instead.
 */
export async function download({ url, params, method = "GET", json, fileName }: DownloadOptions): Promise<void> {
  const form = method === "POST" && !json;
  const headers = headersFor({ url }, false);
  if (form) headers.set("Content-Type", "application/x-www-form-urlencoded");
  if (json) headers.set("Content-Type", "application/json");
  let blob: Blob;
  try {
    const response = await send(
      form || json ? buildUrl(url, undefined) : buildUrl(url, params),
      {
        method: json ? "POST" : method,
        headers,
        body: json ? JSON.stringify(json) : form ? toQueryString(params ?? {}) : null,
      },
      false,
      requestText("downloading"),
      true,
    );
    blob = await response.blob();
    if (!response.ok && !isJson(blob)) throw new Error(String(response.status));
  } catch (error) {
    if (error instanceof RequestError) throw error;
    const message = requestText("downloadFailed");
    feedback().error(message);
    throw new RequestError("http", message);
  }
  if (isJson(blob)) {
    // Not a file: the API explained why. A body that is not JSON after all is saved as a file.
    const text = await blob.text();
    let body: { code?: number; msg?: string } | undefined;
    try {
      body = JSON.parse(text) as { code?: number; msg?: string };
    } catch {
      body = undefined;
    }
    if (body && typeof body === "object" && (body.code !== undefined || body.msg !== undefined)) {
      const message = messageFor(body.code ?? 500, body.msg);
      feedback().error(message);
      throw new RequestError("code", message, body.code);
    }
  }
  saveAs(fileName.endsWith(".zip") ? new Blob([blob], { type: "application/zip" }) : blob, fileName);
}

function isJson(blob: Blob): boolean {
  return blob.type.startsWith("application/json");
}
