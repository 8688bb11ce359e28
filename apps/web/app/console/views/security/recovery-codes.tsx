import { CopyOutlined } from "@ant-design/icons";
import { App, Button } from "antd";
import { useTranslation } from "react-i18next";
import { copyText } from "../../../shared/clipboard";

/** Copies a secret or the recovery codes, saying whether it worked (or to copy by hand). */
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

/** The recovery codes as a text file, one per line, saved by the browser. */
export function downloadCodes(codes: string[], fileName: string): void {
  const url = URL.createObjectURL(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
