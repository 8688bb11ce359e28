import { LogoutOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSession } from "../../../shared/auth/session-store";
import { useSiteData } from "../../../shared/branding/use-site-data";
import { TwoFactorPanel } from "./two-factor-panel";
import "./security.css";

/**
 * Shown instead of the console to a user whose role demands two-factor sign-in and who has not
 * set it up: the setup, or signing out. Once the recovery codes are kept, the console loads.
 */
export default function TwoFactorEnrolment({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { branding } = useSiteData();
  const navigate = useNavigate();
  const logout = useSession((s) => s.logout);
  return (
    <main className="two-factor-enrolment">
      <div className="two-factor-enrolment__card">
        <div className="two-factor-enrolment__head">
          <div>
            <h2>{t("console.twoFactorEnrolTitle")}</h2>
            <p>{t("console.twoFactorEnrolText", { company: branding.company })}</p>
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
        <TwoFactorPanel onEnabled={onDone} />
      </div>
    </main>
  );
}
