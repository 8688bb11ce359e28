import { Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { browserTimeZone } from "./browser-time-zone";
import { currentName, listedZone, searchForm, zoneSearchText } from "./zone-names";

/**
 * "(GMT+7) Asia/Ho Chi Minh · Giờ Đông Dương": its offset now, its IANA name (today's, written with
 * spaces so that "new york" finds it) and its name in the reader's language.
 */
export function zoneLabel(zone: string, language: string, now: Date): string {
  const part = (options: Intl.DateTimeFormatOptions, lang: string) =>
    new Intl.DateTimeFormat(lang, { timeZone: zone, ...options })
      .formatToParts(now)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  if (zone === "UTC") return "(UTC) UTC";
  const written = currentName(zone).replaceAll("_", " ");
  const offset = part({ timeZoneName: "shortOffset" }, "en");
  const name = part({ timeZoneName: "longGeneric" }, language);
  const shown = offset === "GMT" ? "UTC" : offset;
  return /^GMT[+-]/.test(name) || !name ? `(${shown}) ${written}` : `(${shown}) ${written} · ${name}`;
}

/** Minutes east of UTC now, to list the zones west to east. */
function offsetMinutes(zone: string, now: Date): number {
  const offset =
    new Intl.DateTimeFormat("en", { timeZone: zone, timeZoneName: "shortOffset" })
      .formatToParts(now)
      .find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const m = /GMT([+-])(\d+)(?::(\d+))?/.exec(offset);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) : 0;
}

/**
 * A time zone picked from the IANA zones this browser knows, searched by city, region, offset, its
 * name in the reader's language ("上海", "GMT+7", "Indochina") or the places its readers know it by
 * ("Hồ Chí Minh", "北京"), with or without accents. `value` "" shows nothing chosen; a value this
 * browser lists under its other name is shown as that entry (one Ho Chi Minh City, not two).
 */
export function TimeZoneSelect({
  value,
  onChange,
  id,
}: {
  value?: string;
  onChange?: (zone: string) => void;
  id?: string;
}) {
  const { i18n } = useTranslation();
  const { options, shown } = useMemo(() => {
    const now = new Date();
    const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    const listed = ["UTC", ...known];
    const shown = listedZone(value ?? "", listed);
    // The browser's own and the chosen one, even when the list has neither name for it.
    const zones = [...new Set([...listed, listedZone(browserTimeZone(), listed), shown].filter(Boolean))];
    const options = zones
      .map((zone) => ({ zone, minutes: offsetMinutes(zone, now), label: zoneLabel(zone, i18n.language, now) }))
      .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone))
      .map(({ zone, label }) => ({ value: zone, label, search: zoneSearchText(zone, label) }));
    return { options, shown };
  }, [i18n.language, value]);
  return (
    <Select
      id={id}
      showSearch={{ filterOption: (input, option) => (option?.search ?? "").includes(searchForm(input.trim())) }}
      value={shown || undefined}
      onChange={onChange}
      options={options}
      style={{ width: "100%" }}
      popupMatchSelectWidth={false}
    />
  );
}
