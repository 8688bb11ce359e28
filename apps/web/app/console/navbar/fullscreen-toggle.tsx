import { FullscreenExitOutlined, FullscreenOutlined } from "@ant-design/icons";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import screenfull from "screenfull";
import { shellAntd } from "../antd/shell-antd";

/** Full screen on and off; browsers that cannot get a warning (spec section 4). */
export function FullscreenToggle() {
  const { t } = useTranslation();
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!screenfull.isEnabled) return;
    const update = () => setOn(screenfull.isFullscreen);
    screenfull.on("change", update);
    return () => screenfull.off("change", update);
  }, []);
  const toggle = () => {
    if (!screenfull.isEnabled) {
      void shellAntd().then(({ message }) => message.warning(t("console.fullscreenUnsupported")));
      return;
    }
    void screenfull.toggle();
  };
  const label = on ? t("console.fullscreenExit") : t("console.fullscreen");
  return (
    <button type="button" className="console-icon-button" aria-label={label} title={label} onClick={toggle}>
      {on ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </button>
  );
}
