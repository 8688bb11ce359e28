import { Card, Col, Empty, List, Row, Statistic, Tag, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Overview, profileApi } from "../../shared/auth/profile-api";
import { useSession } from "../../shared/auth/session-store";
import { useSiteData } from "../../shared/branding/use-site-data";
import type { ViewProps } from "../routing/view-registry";
import { readVisits } from "../shell/recent-visits";

/** The console's landing (/control/customer): the user's own figures, and the platform's for operators. */
export default function ControlCenter({ title }: ViewProps) {
  const { t } = useTranslation();
  const { language } = useSiteData();
  const name = useSession((s) => s.name);
  const [overview, setOverview] = useState<Overview | null>(null);
  useEffect(() => {
    profileApi.overview().then(
      ({ data }) => setOverview(data),
      () => {},
    );
  }, []);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
  const visits = readVisits().filter((v) => v.path !== "/control/customer");
  return (
    <div className="control-center">
      <Typography.Title level={3}>{t("console.welcome", { name })}</Typography.Title>
      <Typography.Paragraph type="secondary">{title}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <Card loading={!overview}>
            <Statistic title={t("console.activeSessions")} value={overview?.activeSessions ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={!overview}>
            <Statistic title={t("console.logins30d")} value={overview?.logins30d.succeeded ?? 0} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={!overview}>
            <Statistic
              title={t("console.failedLogins30d")}
              value={overview?.logins30d.failed ?? 0}
              styles={{ content: { color: overview?.logins30d.failed ? "#cf1322" : undefined } }}
            />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card loading={!overview}>
            <Statistic
              title={t("console.memberSince")}
              value={overview ? date(overview.memberSince) : "-"}
              styles={{ content: { fontSize: 16 } }}
            />
          </Card>
        </Col>
      </Row>
      {overview?.platform ? (
        <>
          <Typography.Title level={5} className="control-center__heading">
            {t("console.platform")}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {(["customers", "operators", "sites", "onlineSessions"] as const).map((key) => (
              <Col xs={12} lg={6} key={key}>
                <Card>
                  <Statistic title={t(`console.platformFigures.${key}`)} value={overview.platform![key]} />
                </Card>
              </Col>
            ))}
          </Row>
        </>
      ) : null}
      <Row gutter={[16, 16]} className="control-center__lists">
        <Col xs={24} lg={14}>
          <Card title={t("console.recentLogins")} loading={!overview}>
            <List
              dataSource={overview?.recentLogins ?? []}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              renderItem={(login) => (
                <List.Item>
                  <List.Item.Meta
                    title={
                      <>
                        {date(login.at)}{" "}
                        <Tag color={login.success ? "success" : "error"}>
                          {login.success ? t("console.loginSucceeded") : t("console.loginFailed")}
                        </Tag>
                      </>
                    }
                    description={`${login.ip} · ${login.userAgent.slice(0, 80)}`}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card title={t("console.recentVisits")}>
            <List
              dataSource={visits}
              locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
              renderItem={(visit) => (
                <List.Item>
                  <Link to={visit.path}>{visit.title}</Link>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
