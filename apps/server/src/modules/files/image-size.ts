/**
 * The width and height of a PNG or JPEG from its header (the two kinds an image upload may be), or
 * null when the bytes do not say: a mail draws the site's logo at its own proportions.
 */
export function imageSize(content: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(content.buffer, content.byteOffset, content.byteLength);
  // PNG: the signature, then the IHDR chunk with the width and height.
  if (content.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452) {
    return positive(view.getUint32(16), view.getUint32(20));
  }
  // JPEG: segments after SOI until a start-of-frame (SOF0-SOF15 but DHT, JPG and DAC).
  if (content.length < 4 || view.getUint16(0) !== 0xffd8) return null;
  let at = 2;
  while (at + 9 < content.length) {
    if (content[at] !== 0xff) return null;
    const marker = content[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return positive(view.getUint16(at + 7), view.getUint16(at + 5));
    }
    at += 2 + length;
  }
  return null;
}

const positive = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : null);
