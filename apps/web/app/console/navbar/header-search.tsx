import { SearchOutlined } from "@ant-design/icons";
import { Select, type SelectProps } from "antd";
import Fuse from "fuse.js";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { ConsoleRoute } from "../routing/menu-routes";
import { readVisits } from "../state/recent-visits";

interface Entry {
  path: string;
  /** The titles of the page and the directories above it, outermost first. */
  titles: string[];
}

const label = (entry: Entry) => entry.titles.join(" > ");

/**
 * The header search (spec section 2): fuzzy over the visible pages, title weighing 0.7 and path
 * 0.3, threshold 0.4, patterns up to 32 characters; before typing it offers the recent visits.
 * Choosing an http(s) page opens it in a new tab.
 */
export function HeaderSearch({ routes, autoFocus = false }: { routes: ConsoleRoute[]; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const entries = useMemo<Entry[]>(
    () =>
      routes
        .filter((route) => !route.hidden)
        .map((route) => ({ path: route.path, titles: [...route.parents.map((p) => p.title), route.title] })),
    [routes],
  );
  const fuse = useMemo(
    () =>
      new Fuse(entries, {
        keys: [
          // Each title of the list is matched on its own, as the original search did.
          { name: "titles", weight: 0.7 },
          { name: "path", weight: 0.3 },
        ],
        threshold: 0.4,
        shouldSort: true,
        location: 0,
        distance: 100,
        minMatchCharLength: 1,
      }),
    [entries],
  );
  const results: Entry[] = query.trim()
    ? fuse.search(query.trim().slice(0, 32)).map((r) => r.item)
    : readVisits().map((v) => ({ path: v.path, titles: [v.title] }));
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setQuery, searchValue: query }}
      className="header-search"
      placeholder={t("console.search")}
      suffixIcon={<SearchOutlined />}
      value={null}
      aria-label={t("console.search")}
      autoFocus={autoFocus}
      popupMatchSelectWidth={320}
      notFoundContent={query ? t("console.searchNothing") : null}
      options={
        (query.trim()
          ? results.map((entry) => ({ value: entry.path, label: label(entry) }))
          : results.length
            ? [{ label: t("console.recentVisits"), options: results.map((e) => ({ value: e.path, label: label(e) })) }]
            : []) as SelectProps["options"]
      }
      onChange={(path: string) => {
        setQuery("");
        if (/^https?:\/\//i.test(path)) window.open(path, "_blank", "noopener");
        else void navigate(path);
      }}
    />
  );
}
