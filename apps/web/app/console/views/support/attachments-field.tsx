import { CloseOutlined, PaperClipOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_LIMITS, uploadFile } from "../../../shared/request/upload";

export interface AttachedFile {
  fileId: string;
  name: string;
}

/**
 * A message's attachments: files uploaded at once (kind attachment, private until the message
 * takes them), listed with a way to drop one. The server applies the desk's limits and says why it
 * refuses one.
 */
export function AttachmentsField({
  value = [],
  onChange,
}: {
  value?: AttachedFile[];
  onChange?: (files: AttachedFile[]) => void;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const add = async (files: File[]) => {
    setUploading(true);
    const added: AttachedFile[] = [];
    try {
      for (const file of files) {
        try {
          added.push({ fileId: await uploadFile(file, "attachment"), name: file.name });
        } catch {
          // The request client has said why.
        }
      }
    } finally {
      setUploading(false);
      if (added.length > 0) onChange?.([...value, ...added]);
    }
  };
  return (
    <div className="ticket-attachments">
      {value.length > 0 ? (
        <ul className="ticket-attachments__list">
          {value.map((file) => (
            <li key={file.fileId}>
              <PaperClipOutlined aria-hidden />
              <span>{file.name}</span>
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t("support.form.removeFile", { name: file.name })}
                onClick={() => onChange?.(value.filter((other) => other.fileId !== file.fileId))}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Button icon={<PaperClipOutlined />} loading={uploading} onClick={() => picker.current?.click()}>
        {t("support.form.attach")}
      </Button>
      <span className="ticket-attachments__help">{t("support.form.attachHelp")}</span>
      <input
        ref={picker}
        type="file"
        multiple
        hidden
        data-testid="ticket-attachment"
        accept={UPLOAD_LIMITS.attachment.extensions.map((extension) => `.${extension}`).join(",")}
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = "";
          if (files.length > 0) void add(files);
        }}
      />
    </div>
  );
}
