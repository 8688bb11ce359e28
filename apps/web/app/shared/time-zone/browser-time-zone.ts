/** The zone this browser runs in ("Asia/Shanghai"), or "" where it cannot say (the server rendering). */
export function browserTimeZone(): string {
  if (typeof window === "undefined") return "";
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    return "";
  }
}
