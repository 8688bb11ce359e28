/**
 * The names IANA gives today to zones browsers still list under an older one: a reader in Ho Chi
 * Minh City searches for "Ho Chi Minh", not "Saigon". A stored value stays as it was given.
 */
export const CURRENT_NAMES: Record<string, string> = {
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Europe/Kiev": "Europe/Kyiv",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "America/Godthab": "America/Nuuk",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Truk": "Pacific/Chuuk",
  "Pacific/Ponape": "Pacific/Pohnpei",
};

/**
 * The places the sites' readers know their zone by, in their own words, where the zone's name does
 * not say them: a Vietnamese reader types "Hồ Chí Minh", "Sài Gòn" or "Hà Nội", a Chinese one
 * "北京", an Indonesian one "WIB". Keyed by today's name (CURRENT_NAMES).
 */
const LOCAL_NAMES: Record<string, string> = {
  "Asia/Ho_Chi_Minh": "Hồ Chí Minh · Sài Gòn · Hà Nội · Việt Nam · Vietnam · 越南 · 胡志明市 · 河内",
  "Asia/Bangkok": "Thailand · 曼谷 · 泰国 · 泰國",
  "Asia/Jakarta": "Indonesia · WIB · 雅加达 · 雅加達",
  "Asia/Makassar": "Indonesia · WITA · Bali · Denpasar",
  "Asia/Jayapura": "Indonesia · WIT · Papua",
  "Asia/Pontianak": "Indonesia · WIB · Kalimantan",
  "Asia/Shanghai": "北京 · 上海 · 中国 · 中國 · Beijing · China · Trung Quốc",
  "Asia/Taipei": "台北 · 臺北 · 台湾 · 台灣 · 臺灣 · Taiwan · Đài Loan",
  "Asia/Hong_Kong": "香港 · Hồng Kông",
  "Asia/Macau": "澳门 · 澳門",
  "Asia/Singapore": "新加坡 · Singapura",
  "Asia/Kuala_Lumpur": "吉隆坡 · Malaysia",
  "Asia/Manila": "马尼拉 · 馬尼拉 · Philippines",
  "Asia/Tokyo": "东京 · 東京 · Nhật Bản",
  "Asia/Seoul": "首尔 · 首爾 · Hàn Quốc",
};

/** A zone under today's name ("Asia/Saigon" → "Asia/Ho_Chi_Minh"). */
export const currentName = (zone: string): string => CURRENT_NAMES[zone] ?? zone;

/**
 * The entry of `listed` that is the same zone as `zone` under its other name ("Asia/Ho_Chi_Minh"
 * stored, "Asia/Saigon" listed by this browser, or the other way round), else `zone` itself.
 */
export function listedZone(zone: string, listed: readonly string[]): string {
  if (!zone || listed.includes(zone)) return zone;
  const today = currentName(zone);
  return listed.find((other) => currentName(other) === today) ?? zone;
}

/**
 * Text as a search compares it: lower case, without accents (Vietnamese "Hồ Chí Minh", "Đà Nẵng"
 * as typed with or without them), "_" as a space (Ho_Chi_Minh as IANA writes it).
 */
export function searchForm(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .replace(/[đĐ]/g, "d")
    .replaceAll("_", " ")
    .toLowerCase();
}

/** What a zone is found by: its label (offset, name, name in the reader's language) and its local names. */
export const zoneSearchText = (zone: string, label: string): string =>
  searchForm(`${label} ${zone} ${LOCAL_NAMES[currentName(zone)] ?? ""}`);
