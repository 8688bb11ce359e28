import type { IncomingHttpHeaders } from "node:http";
import { request as httpRequest } from "node:http";

/**
 * A signed-in JSON POST on a connection of its own. A browser sends a request again when a
 * kept-alive connection turns out closed before any answer (nginx closes idle ones when it
 * reloads); Node's fetch does not for a POST, so load tests' clients do not keep connections alive,
 * as that race is not the server's.
 */
export function postOnNewConnection(
  url: string,
  body: string,
  token: string,
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: "POST",
        agent: false,
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}
