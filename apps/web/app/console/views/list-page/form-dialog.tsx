import { Form, type FormInstance, Modal } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSaveDialog } from "./use-save-dialog";

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
  className,
  okText,
  danger = false,
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
  /** The form's class (its fields' spacing). */
  className?: string;
  /** What the confirming button says, when not Save ("Send", "Page the on-call team"). */
  okText?: string;
  /** The confirming button in the danger colour (an alarm). */
  danger?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText ?? t("console.save")}
      okButtonProps={danger ? { danger: true } : {}}
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
        {...(className ? { className } : {})}
        onFinish={onFinish}
      >
        {children}
      </Form>
    </Modal>
  );
}

/**
 * A record's dialog that owns its form and its save: `save` runs with the form's values (Save busy
 * meanwhile) and the dialog closes with what it answers; Cancel closes with `cancelled` (null by
 * default). A refusal leaves it open with what was typed (`refused` may put it under its field).
 */
export function RecordDialog<Values, Saved, Cancelled = null>({
  save,
  onClose,
  cancelled = null as Cancelled,
  refused,
  form: given,
  ...dialog
}: Omit<Parameters<typeof FormDialog<Values>>[0], "form" | "saving" | "onFinish" | "onCancel"> & {
  save: (values: Values) => Promise<Saved>;
  onClose: (saved: Saved | Cancelled) => void;
  cancelled?: Cancelled;
  refused?: (error: unknown) => void;
  /** The form, when the dialog's fields need it (one field shown by another's value). */
  form?: FormInstance<Values>;
}) {
  const [own] = Form.useForm<Values>();
  const form = given ?? own;
  const { saving, submit } = useSaveDialog(save, onClose, refused);
  return (
    <FormDialog<Values> {...dialog} form={form} saving={saving} onFinish={submit} onCancel={() => onClose(cancelled)} />
  );
}
