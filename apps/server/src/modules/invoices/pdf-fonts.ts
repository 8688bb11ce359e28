import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

/**
 * Noto Sans SC and TC (Google Fonts, OFL, from the npm registry): they hold Latin with Vietnamese
 * and Indonesian too, so one face writes every language; Traditional Chinese gets its own forms.
 * Read once; the PDF embeds only the glyphs it uses (text stays text, extractable).
 */
const require = createRequire(import.meta.url);
const fontFiles = {
  sc: {
    regular: "@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf",
  },
  tc: {
    regular: "@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf",
    bold: "@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf",
  },
};
const fonts = new Map<string, Buffer>();
export const fontOf = (face: "sc" | "tc", weight: "regular" | "bold"): Buffer => {
  const path = fontFiles[face][weight];
  let data = fonts.get(path);
  if (!data) {
    data = readFileSync(require.resolve(path));
    fonts.set(path, data);
  }
  return data;
};
