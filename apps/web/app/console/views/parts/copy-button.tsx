import { CopyOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";
import { copyText } from "../../../shared/clipboard";

/** Copies a text (a user name, a secret, the recovery codes), saying whether it worked (or to copy by hand). */
export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  return (
    <Button
      icon={<CopyOutlined />}
      size={label ? "middle" : "small"}
      type={label ? "default" : "link"}
      aria-label={label ?? t("console.copy")}
      onClick={async () =>
        (await copyText(text))
          ? void message.success(t("console.copied"))
          : void message.warning(t("console.copyManually"))
      }
    >
      {label}
    </Button>
  );
}
