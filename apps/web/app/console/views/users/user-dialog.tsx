import {
  passwordProblem,
  USERNAME_PATTERN,
  type UserAdminView,
  type UserCreateBody,
  type UserFormOptions,
} from "@rampart/contracts";
import { Form, Input, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { RequestError } from "../../../shared/request/request-client";
import { FormDialog } from "../list-page/form-dialog";
import { useSaveDialog } from "../list-page/use-save-dialog";
import { usersApi } from "./users-api";

type UserForm = Omit<UserCreateBody, "siteId" | "invite"> & { siteId?: number | null; access?: "invite" | "password" };

const PHONE = /^(\+?[0-9][0-9 -]{5,19})?$/;

/**
 * Adding or editing a user: names and contact, status, roles (those the operator may grant) and
 * the site; a new user is either invited (a link to choose their password is mailed to them, the
 * default) or given a password now (the same rule as everyone's). The server checks it all again;
 * its refusals (a taken name or address) show on the field.
 */
export function UserDialog({
  user,
  options,
  onClose,
}: {
  /** null: a new user. */
  user: UserAdminView | null;
  options: UserFormOptions;
  /** The user's name once saved (and what the server said, for an invitation); null when cancelled. */
  onClose: (saved: string | null, said?: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserForm>();
  const userName = Form.useWatch("userName", form) ?? user?.userName ?? "";
  const invite = (Form.useWatch("access", form) ?? "invite") === "invite" && !user;

  const { saving, submit } = useSaveDialog(
    async (values: UserForm): Promise<{ name: string; said?: string }> => {
      const fields = {
        nickName: values.nickName.trim(),
        email: values.email?.trim() ?? "",
        phonenumber: values.phonenumber?.trim() ?? "",
        status: values.status,
        roleKeys: values.roleKeys ?? [],
        siteId: values.siteId ?? null,
      };
      if (user) {
        await usersApi.update(user.userId, fields);
        return { name: user.userName };
      }
      const name = values.userName.trim();
      if (invite) {
        // The server says where the invitation went.
        const answer = await usersApi.create({ ...fields, userName: name, invite: true });
        return { name, said: answer.msg };
      }
      await usersApi.create({ ...fields, userName: name, password: values.password });
      return { name };
    },
    ({ name, said }) => onClose(name, said),
    (error) => {
      // A taken user name names it; a taken address is the address's.
      if (error instanceof RequestError && error.code === 409)
        form.setFields([
          { name: error.message.includes(userName || "\u0000") ? "userName" : "email", errors: [error.message] },
        ]);
    },
  );

  const required = { required: true, whitespace: true, message: t("users.required") };
  return (
    <FormDialog<UserForm>
      title={user ? t("users.editTitle", { name: user.userName }) : t("users.addTitle")}
      form={form}
      name="user"
      initialValues={
        user
          ? { ...user, siteId: user.siteId }
          : {
              status: "0",
              roleKeys: [],
              siteId: options.sites.length === 1 ? options.sites[0]?.siteId : null,
              access: "invite",
            }
      }
      saving={saving}
      onFinish={submit}
      onCancel={() => onClose(null)}
      width={560}
      className="user-form"
    >
      <Form.Item
        name="userName"
        label={t("users.form.userName")}
        extra={user ? undefined : t("auth.usernameRule")}
        rules={user ? [] : [required, { pattern: new RegExp(USERNAME_PATTERN), message: t("auth.usernameRule") }]}
      >
        <Input disabled={Boolean(user)} maxLength={30} autoComplete="off" />
      </Form.Item>
      <Form.Item name="nickName" label={t("users.form.nickName")} rules={[required, { max: 64 }]}>
        <Input maxLength={64} />
      </Form.Item>
      {user ? null : (
        <Form.Item name="access" label={t("users.form.access")}>
          <Radio.Group
            options={[
              { value: "invite", label: t("users.form.accessInvite") },
              { value: "password", label: t("users.form.accessPassword") },
            ]}
          />
        </Form.Item>
      )}
      {user || invite ? null : (
        <Form.Item
          name="password"
          label={t("users.form.password")}
          extra={t("auth.passwordRule")}
          rules={[
            required,
            {
              validator: (_, value: string) =>
                !value || !passwordProblem(value, userName)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t("auth.passwordRule"))),
            },
          ]}
        >
          <Input.Password maxLength={64} autoComplete="new-password" />
        </Form.Item>
      )}
      <div className="user-form__pair">
        <Form.Item
          name="email"
          label={t("users.form.email")}
          extra={invite ? t("users.form.inviteHelp") : undefined}
          rules={[
            { type: "email", message: t("auth.emailInvalid") },
            ...(invite ? [{ required: true, message: t("users.form.inviteEmailRequired") }] : []),
          ]}
        >
          <Input maxLength={254} inputMode="email" />
        </Form.Item>
        <Form.Item
          name="phonenumber"
          label={t("users.form.phonenumber")}
          rules={[{ pattern: PHONE, message: t("auth.phoneInvalid") }]}
        >
          <Input maxLength={20} inputMode="tel" />
        </Form.Item>
      </div>
      <Form.Item name="status" label={t("users.form.status")}>
        <Radio.Group
          options={(["0", "1"] as const).map((s) => ({ value: s, label: t(`users.statuses.${s}`) }))}
          optionType="button"
        />
      </Form.Item>
      <Form.Item name="roleKeys" label={t("users.form.roles")} extra={t("users.form.rolesHelp")}>
        <Select
          mode="multiple"
          allowClear
          options={options.roles.map((role) => ({ value: role.roleKey, label: role.roleName }))}
        />
      </Form.Item>
      <Form.Item name="siteId" label={t("users.form.site")} extra={t("users.form.siteHelp")}>
        <Select
          allowClear={options.sites.length > 1}
          placeholder={t("users.noSite")}
          options={options.sites.map((site) => ({ value: site.siteId, label: site.name }))}
        />
      </Form.Item>
    </FormDialog>
  );
}
