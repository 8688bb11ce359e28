import type { SiteBody } from "@rampart/contracts";
import { Button, Form, type FormInstance, Input, Space, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../../shared/request/upload";

interface SiteLogoFieldProps {
  form: FormInstance<SiteBody>;
  logo: string;
  /** An upload under way: the dialog is not to be saved before it ends. */
  onUploading: (uploading: boolean) => void;
}

/** The site's logo: uploaded as an image (the field keeps its address), or removed. */
export function SiteLogoField({ form, logo, onUploading }: SiteLogoFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const busy = (value: boolean) => {
    setUploading(value);
    onUploading(value);
  };
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
    </Form.Item>
  );
}
