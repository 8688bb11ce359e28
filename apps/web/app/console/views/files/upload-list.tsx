import { PlusOutlined, UploadOutlined } from "@ant-design/icons";
import { Button, Upload, type UploadFile } from "antd";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { feedback } from "../../../shared/request/feedback";
import { UPLOAD_LIMITS, type UploadKind, uploadFile } from "../../../shared/request/upload";
import { batchProblem, DEFAULT_FILE_COUNT, type UploadedFile } from "./upload-limits";

interface UploadListProps {
  value?: UploadedFile[];
  onChange?: (files: UploadedFile[]) => void;
  /** At most this many files (spec section 9: 5). */
  limit?: number;
  disabled?: boolean;
}

/**
 * A list of uploaded files, as a form field: each file is checked before it is sent (type, size,
 * and one too many for the list, with the messages of spec section 5), sent to
 * POST /prod-api/file/upload (which checks it again, by its content) and kept as {name, url, uid}.
 */
function UploadList({
  kind,
  value = [],
  onChange,
  limit = DEFAULT_FILE_COUNT,
  disabled,
}: UploadListProps & { kind: UploadKind }) {
  const { t } = useTranslation();
  // The files of this batch already refused for being one too many: the message is said once.
  const refusedBatch = useRef<string | null>(null);
  const [sending, setSending] = useState(0);
  const latest = useRef(value);
  latest.current = value;
  const fileList: UploadFile[] = value.map((file) => ({
    uid: file.uid,
    name: file.name,
    url: file.url,
    status: "done",
  }));
  const image = kind === "image";
  return (
    <Upload
      accept={UPLOAD_LIMITS[kind].extensions.map((e) => `.${e}`).join(",")}
      multiple={limit > 1}
      listType={image ? "picture-card" : "text"}
      fileList={fileList}
      disabled={disabled}
      beforeUpload={(file, batch) => {
        const problem = batchProblem(file, {
          kind,
          already: latest.current.length,
          position: batch.indexOf(file),
          limit,
        });
        if (problem) {
          const batchKey = batch.map((f) => f.uid).join();
          const tooMany = latest.current.length + batch.indexOf(file) + 1 > limit;
          if (!tooMany || refusedBatch.current !== batchKey) feedback().error(problem);
          if (tooMany) refusedBatch.current = batchKey;
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        const raw = file as File & { uid: string };
        setSending((n) => n + 1);
        uploadFile(raw, kind)
          .finally(() => setSending((n) => n - 1))
          .then(
            (url) => {
              onSuccess?.(url);
              const next = [...latest.current, { name: raw.name, url, uid: raw.uid }];
              latest.current = next;
              onChange?.(next);
            },
            (error: Error) => onError?.(error),
          );
      }}
      onRemove={(file) => {
        const next = latest.current.filter((f) => f.uid !== file.uid);
        latest.current = next;
        onChange?.(next);
      }}
    >
      {value.length >= limit || disabled ? null : image ? (
        <button type="button" className="upload-list__add">
          <PlusOutlined />
          <span>{t("console.uploadImage")}</span>
        </button>
      ) : (
        <Button icon={<UploadOutlined />} loading={sending > 0}>
          {t("console.uploadFile")}
        </Button>
      )}
    </Upload>
  );
}

/** Files (doc, xls, ppt, txt, pdf; 5 MB; 5 files by default). */
export function FileUpload(props: UploadListProps) {
  return <UploadList kind="file" {...props} />;
}
