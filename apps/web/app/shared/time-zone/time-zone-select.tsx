import { Select } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { browserTimeZone } from "./browser-time-zone";

/** "(GMT+8) Asia/Shanghai · 中国标准时间": its offset now, its IANA name and its name in the reader's language. */
function zoneLabel(zone: string, language: string, now: Date): string {
  const part = (options: Intl.DateTimeFormatOptions, lang: string) =>
    new Intl.DateTimeFormat(lang, { timeZone: zone, ...options })
      .formatToParts(now)
      .find((p) => p.type === "timeZoneName")?.value ?? "";
  if (zone === "UTC") return "(UTC) UTC";
  const offset = part({ timeZoneName: "shortOffset" }, "en");
  const name = part({ timeZoneName: "longGeneric" }, language);
  const shown = offset === "GMT" ? "UTC" : offset;
  return /^GMT[+-]/.test(name) || !name ? `(${shown}) ${zone}` : `(${shown}) ${zone} · ${name}`;
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
 * A time zone picked from the IANA zones this browser knows, searched by city, region, offset or
 * its name in the reader's language ("上海", "GMT+7", "Indochina"). `value` "" shows nothing chosen.
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
  const options = useMemo(() => {
    const now = new Date();
    const known = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    // The browser's own and the chosen one, even under an older name ("Asia/Saigon") than the list's.
    const zones = [...new Set(["UTC", ...known, browserTimeZone(), value ?? ""].filter(Boolean))];
    return zones
      .map((zone) => ({ zone, minutes: offsetMinutes(zone, now), label: zoneLabel(zone, i18n.language, now) }))
      .sort((a, b) => a.minutes - b.minutes || a.zone.localeCompare(b.zone))
      .map(({ zone, label }) => ({ value: zone, label }));
  }, [i18n.language, value]);
  return (
    <Select
      id={id}
      showSearch={{ optionFilterProp: "label" }}
      value={value || undefined}
      onChange={onChange}
      options={options}
      style={{ width: "100%" }}
      popupMatchSelectWidth={false}
    />
  );
}
