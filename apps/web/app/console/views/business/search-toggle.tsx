import { Button, Grid } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * RuoYi's "show search" for list views: on a wide screen the search form shows, on a phone the
 * table comes first and the form opens on demand. Answers whether the screen is wide, whether the
 * form shows, and the button that toggles it.
 */
export function useSearchToggle() {
  const { t } = useTranslation();
  const screens = Grid.useBreakpoint();
  const wide = screens.md !== false;
  const [open, setOpen] = useState<boolean | null>(null);
  const showSearch = open ?? wide;
  const toggle = (
    <Button onClick={() => setOpen(!showSearch)} aria-expanded={showSearch}>
      {showSearch ? t("orders.search.hide") : t("orders.search.show")}
    </Button>
  );
  return { wide, showSearch, toggle };
}
