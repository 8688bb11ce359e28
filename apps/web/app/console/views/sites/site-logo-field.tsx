import type { SiteBody } from "@rampart/contracts";
import { Button, Form, type FormInstance, Input, Space, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../../shared/request/upload";

interface SiteLogoFieldProps {
  form: FormInstance<SiteBody>;
  logo: string;
  /** The company name, shown beside the logo as the site's header shows it. */
  company: string;
  /** An upload under way: the dialog is not to be saved before it ends. */
  onUploading: (uploading: boolean) => void;
}

/**
 * The site's logo: uploaded as an image (the field keeps its address), or removed; what works is
 * said beside it (a transparent PNG, a wordmark about 240×64 or a square mark), and the logo is
 * shown as the site's header draws it (36 px high, at most 200 px wide) with its own size in pixels.
 */
export function SiteLogoField({ form, logo, company, onUploading }: SiteLogoFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [size, setSize] = useState<{ src: string; width: number; height: number } | null>(null);
  const busy = (value: boolean) => {
    setUploading(value);
    onUploading(value);
  };
  const shownSize = size && size.src === logo ? size : null;
  return (
    <Form.Item label={t("sites.form.logo")} extra={t("sites.form.logoHelp")}>
      <Form.Item name="logo1" hidden>
        <Input />
      </Form.Item>
      <Space wrap>
        <Upload
          accept=".png,.jpg,.jpeg"
          showUploadList={false}
          beforeUpload={(file) => {
            busy(true);
            uploadFile(file, "image")
              .then((url) => form.setFieldValue("logo1", url))
              .catch(() => {})
              .finally(() => busy(false));
            return false;
          }}
        >
          <Button loading={uploading}>{t("sites.form.uploadLogo")}</Button>
        </Upload>
        {logo ? (
          <Button type="link" danger onClick={() => form.setFieldValue("logo1", "")}>
            {t("sites.form.removeLogo")}
          </Button>
        ) : null}
      </Space>
      {logo ? (
        <figure className="site-logo-preview">
          <div className="site-logo-preview__bar">
            <img
              className="site-logo-preview__logo"
              src={logo}
              alt=""
              onLoad={(event) =>
                setSize({
                  src: logo,
                  width: event.currentTarget.naturalWidth,
                  height: event.currentTarget.naturalHeight,
                })
              }
            />
            <span className="site-logo-preview__name">{company}</span>
          </div>
          <figcaption className="site-logo-preview__caption">
            {shownSize
              ? t("sites.form.logoActualSize", { width: shownSize.width, height: shownSize.height })
              : t("sites.form.logoInHeader")}
            {shownSize && shownSize.height < 64 ? ` · ${t("sites.form.logoSmall")}` : ""}
          </figcaption>
        </figure>
      ) : null}
    </Form.Item>
  );
}
