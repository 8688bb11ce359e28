import { Button, Grid } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** Whether the screen is wider than a phone (antd's md breakpoint). */
export function useWideScreen(): boolean {
  return Grid.useBreakpoint().md !== false;
}

/**
 * RuoYi's "show search" for list views: on a wide screen the search form shows, on a phone the
 * table comes first and the form opens on demand. Answers whether the screen is wide, whether the
 * form shows, and the button that toggles it.
 */
export function useSearchToggle() {
  const { t } = useTranslation();
  const wide = useWideScreen();
  const [open, setOpen] = useState<boolean | null>(null);
  const showSearch = open ?? wide;
  const toggle = (
    <Button onClick={() => setOpen(!showSearch)} aria-expanded={showSearch}>
      {showSearch ? t("list.hideSearch") : t("list.showSearch")}
    </Button>
  );
  return { wide, showSearch, toggle };
}
