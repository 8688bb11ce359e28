import { Card, Col, Row, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { useSession } from "../../../shared/auth/session-store";
import { SessionsPanel } from "../auth/sessions-panel";
import { TwoFactorPanel } from "../auth/two-factor-panel";
import { BillingPanel } from "./billing-panel";
import { ProfileCard } from "./profile-card";
import { PasswordChangeForm, ProfileDetailsForm } from "./profile-forms";

/**
 * /user/profile: who the user is, their details to edit, a password change, two-factor sign-in
 * and the sessions they are signed in with.
 */
export default function Profile() {
  const { t } = useTranslation();
  const signedIn = useSession((s) => s.user !== null);
  if (!signedIn) return null;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <ProfileCard />
      </Col>
      <Col xs={24} lg={16}>
        <Card>
          <Tabs
            items={[
              { key: "basic", label: t("console.basicInfo"), children: <ProfileDetailsForm /> },
              { key: "password", label: t("console.changePassword"), children: <PasswordChangeForm /> },
              { key: "twoFactor", label: t("console.twoFactorTab"), children: <TwoFactorPanel /> },
              { key: "sessions", label: t("console.sessionsTab"), children: <SessionsPanel /> },
              { key: "billing", label: t("console.billing.tab"), children: <BillingPanel /> },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}
