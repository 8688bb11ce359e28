import { LogoutOutlined } from "@ant-design/icons";
import { ADMIN_ROLE } from "@rampart/contracts";
import { Button } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { AlertAddressStep } from "./alert-address-step";
import { TwoFactorPanel } from "./two-factor-panel";
import "./security.css";

/**
 * Shown instead of the console to a user whose role demands two-factor sign-in and who has not
 * set it up: the setup, or signing out. Once the recovery codes are kept, an administrator without
 * an e-mail address is asked for one (where alerts go), then the console loads.
 */
export default function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  const [askAddress, setAskAddress] = useState(false);
  const factorSet = async () => {
    await useSession.getState().getInfo();
    const { user, roles } = useSession.getState();
    if (!user?.email && roles.includes(ADMIN_ROLE)) setAskAddress(true);
    else onDone();
  };
  return (
    <main className="two-factor-enrolment">
      <div className="two-factor-enrolment__card">
        <div className="two-factor-enrolment__head">
          <div>
            <h2>{t(askAddress ? "console.alertAddressTitle" : "console.twoFactorEnrolTitle")}</h2>
            <p>
              {askAddress
                ? t("console.alertAddressText")
                : t("console.twoFactorEnrolText", { company: branding.company })}
            </p>
          </div>
          <Button
            icon={<LogoutOutlined />}
            onClick={async () => {
              await logout().catch(() => {});
              await navigate("/admin/login", { replace: true });
            }}
          >
            {t("console.logout")}
          </Button>
        </div>
        {askAddress ? <AlertAddressStep onDone={onDone} /> : <TwoFactorPanel onEnabled={() => void factorSet()} />}
      </div>
    </main>
  );
}
