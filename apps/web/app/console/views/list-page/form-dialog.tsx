import { Form, type FormInstance, Modal } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A record's dialog, as every console list opens one: a vertical form in a modal with Save and
 * Cancel, Save busy while `saving` (useSaveDialog) and submitting the form, the form forgotten
 * when the dialog closes.
 */
export function FormDialog<Values>({
  title,
  form,
  name,
  initialValues,
  saving,
  onFinish,
  onCancel,
  width = 600,
  children,
}: {
  title: ReactNode;
  form: FormInstance<Values>;
  /** The form's name: its fields' ids (and so their labels) are `${name}_${field}`. */
  name: string;
  /** What the form opens with (a record as the API answers it: antd takes any shape). */
  initialValues?: object;
  saving: boolean;
  onFinish: (values: Values) => void;
  onCancel: () => void;
  width?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={t("console.save")}
      cancelText={t("console.cancel")}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={width}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name={name}
        layout="vertical"
        {...(initialValues ? { initialValues } : {})}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}
