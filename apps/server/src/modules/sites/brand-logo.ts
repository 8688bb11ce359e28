import type { Db, Tx } from "../../db/client.ts";
import { FILE_URL_PREFIX } from "../files/file-rules.ts";
import { imageSize } from "../files/image-size.ts";
import { storedFile } from "../files/service.ts";

/**
 * A site's uploaded logo at a stable address of the site itself (`/brand/logo.png` on any of its
 * domains), for what must name it by an absolute address: a mail. Only the logo is served there,
 * never another upload; a logo given as an https address is used as it is.
 */
export const BRAND_LOGO_DIRECTORY = "/brand";

const UPLOADED = new RegExp(
  `^${FILE_URL_PREFIX.replaceAll("/", "\\/")}([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.([a-z0-9]+)$`,
);

/** The upload a site's logo field names, or null when it names none (empty, an https address). */
export function uploadedLogo(logo1: string): { fileId: string; extension: string } | null {
  const match = UPLOADED.exec(logo1);
  return match ? { fileId: match[1]!, extension: match[2]! } : null;
}

/**
 * The logo's address under a site's origin, with a version (the upload's id) so that a new logo is a
 * new address for every cache; null when the site has no uploaded logo.
 */
export function brandLogoPath(logo1: string): string | null {
  const logo = uploadedLogo(logo1);
  return logo ? `${BRAND_LOGO_DIRECTORY}/logo.${logo.extension}?v=${logo.fileId.slice(0, 8)}` : null;
}

export interface MailLogo {
  url: string;
  /** Its size in pixels as stored, when the image says (PNG, JPEG). */
  size: { width: number; height: number } | null;
}

/**
 * The logo a site's mails show: an https address as given, an upload at the site's own address
 * (`origin`, from the site record), with its size; null without a logo.
 */
export async function mailLogo(db: Db | Tx, logo1: string, origin: () => Promise<string>): Promise<MailLogo | null> {
  if (/^https:\/\//.test(logo1)) return { url: logo1, size: null };
  const path = brandLogoPath(logo1);
  const logo = uploadedLogo(logo1);
  if (!path || !logo) return null;
  let size = sizes.get(logo.fileId);
  if (size === undefined) {
    const file = await storedFile(db, logo.fileId);
    if (!file) return null;
    size = imageSize(file.content);
    sizes.set(logo.fileId, size);
    if (sizes.size > SIZES_KEPT) sizes.delete(sizes.keys().next().value!);
  }
  // A site with no host name of its own has no address to give: its mails show its name.
  const base = await origin().catch(() => null);
  return base ? { url: `${base}${path}`, size } : null;
}

/** Logos' sizes by upload id (an upload never changes), so that a mail does not read the image again. */
const sizes = new Map<string, { width: number; height: number } | null>();
const SIZES_KEPT = 200;
