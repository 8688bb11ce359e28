/** WCAG's minimum contrast for normal text. */
const MIN_CONTRAST = 4.5;

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of white text on this colour. */
export function contrastWithWhite(hex: string): number {
  return 1.05 / (luminance(channels(hex)) + 0.05);
}

/**
 * The site's colour, darkened just enough (if at all) for white text on it, and it as text on
 * white, to reach WCAG AA (4.5:1). #006eff, the default, is 4.49:1 and becomes a shade darker.
 */
export function accessibleColor(hex: string): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  if (contrastWithWhite(hex) >= MIN_CONTRAST) return hex;
  let rgb = channels(hex);
  for (let step = 0; step < 40 && 1.05 / (luminance(rgb) + 0.05) < MIN_CONTRAST; step++) {
    rgb = rgb.map((c) => Math.max(0, Math.floor(c * 0.98))) as [number, number, number];
  }
  return `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}`;
}
