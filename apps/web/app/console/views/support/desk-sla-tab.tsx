import { TICKET_PRIORITIES, type TicketPriority, type TicketSlaBody } from "@rampart/contracts";
import { Alert, App, Button, Form, InputNumber, Skeleton, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shared/auth/permissions";
import { deskApi } from "./support-api";
import { PRIORITY_COLOURS } from "./ticket-tags";

/** The contract's bounds (TicketSlaBody), in minutes. */
const MIN_MINUTES = 5;
const FIRST_REPLY_MAX_DAYS = 30;
const RESOLUTION_MAX_DAYS = 90;

type Duration = { hours?: number | null; minutes?: number | null };
type SlaForm = Record<TicketPriority, { firstReply: Duration; resolution: Duration }>;

const split = (total: number): Duration => ({ hours: Math.floor(total / 60), minutes: total % 60 });
const minutesOf = (duration: Duration | undefined) => (duration?.hours ?? 0) * 60 + (duration?.minutes ?? 0);

/** Most pressing first, as the desk orders its queue. */
const SHOWN = [...TICKET_PRIORITIES].reverse();

/**
 * Desk settings → Service levels: per priority, how long the desk has for the first answer and for
 * the resolution (hours and minutes), saved together. They are the installation's: an operator
 * bound to a site reads them (the server refuses their change, ticket_sla_global).
 */
export function DeskSlaTab({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SlaForm>();
  const [loaded, setLoaded] = useState<SlaForm | null>(null);
  const [saving, setSaving] = useState(false);
  const load = useCallback(async () => {
    try {
      const { data } = await deskApi.sla();
      if (!data) return;
      const values = Object.fromEntries(
        TICKET_PRIORITIES.map((priority) => [
          priority,
          { firstReply: split(data[priority].firstReplyMinutes), resolution: split(data[priority].resolutionMinutes) },
        ]),
      ) as SlaForm;
      setLoaded(values);
    } catch {
      // The request client has told the user.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (values: SlaForm) => {
    const body: TicketSlaBody = {
      rules: TICKET_PRIORITIES.map((priority) => ({
        priority,
        firstReplyMinutes: minutesOf(values[priority]?.firstReply),
        resolutionMinutes: minutesOf(values[priority]?.resolution),
      })),
    };
    setSaving(true);
    try {
      const answer = await deskApi.saveSla(body);
      // The form holds what was saved.
      if (answer.msg) void message.success(answer.msg);
    } catch {
      // The request client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  /** A due time's two fields, checked as one: within the contract's bounds (and after the first answer). */
  const durationField = (priority: TicketPriority, which: "firstReply" | "resolution") => {
    const maxDays = which === "firstReply" ? FIRST_REPLY_MAX_DAYS : RESOLUTION_MAX_DAYS;
    const label = `${t(`support.priorities.${priority}`)} · ${t(`deskSettings.sla.columns.${which}`)}`;
    return (
      <Form.Item
        name={[priority, which]}
        className="desk-sla__cell"
        dependencies={which === "resolution" ? [[priority, "firstReply"]] : []}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value: Duration | undefined) => {
              const total = minutesOf(value);
              if (total < MIN_MINUTES)
                return Promise.reject(new Error(t("deskSettings.sla.tooShort", { minutes: MIN_MINUTES })));
              if (total > maxDays * 24 * 60)
                return Promise.reject(new Error(t("deskSettings.sla.tooLong", { days: maxDays })));
              if (which === "resolution" && total < minutesOf(getFieldValue([priority, "firstReply"])))
                return Promise.reject(new Error(t("deskSettings.sla.order")));
              return Promise.resolve();
            },
          }),
        ]}
      >
        <DurationInput label={label} disabled={readOnly} />
      </Form.Item>
    );
  };

  return (
    <section className="desk-settings__tab">
      <p className="support-intro">{t("deskSettings.sla.intro")}</p>
      {readOnly ? (
        <Alert type="info" showIcon className="desk-sla__note" title={t("deskSettings.sla.readOnly")} />
      ) : null}
      {!loaded ? (
        <Skeleton active />
      ) : (
        <Form<SlaForm> form={form} name="sla" initialValues={loaded} onFinish={(values) => void save(values)}>
          <table className="desk-sla">
            <thead>
              <tr>
                {(["priority", "firstReply", "resolution"] as const).map((column) => (
                  <th key={column} scope="col" className="desk-sla__col desk-sla__head">
                    {t(`deskSettings.sla.columns.${column}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {SHOWN.map((priority) => (
                <tr key={priority}>
                  <th scope="row" className="desk-sla__col desk-sla__priority">
                    <Tag color={PRIORITY_COLOURS[priority]}>{t(`support.priorities.${priority}`)}</Tag>
                  </th>
                  <td className="desk-sla__col">{durationField(priority, "firstReply")}</td>
                  <td className="desk-sla__col">{durationField(priority, "resolution")}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="ticket-reply__hint">{t("deskSettings.sla.hint")}</p>
          {readOnly ? null : (
            <Can permissions={["business:ticket:edit"]}>
              <Button type="primary" htmlType="submit" loading={saving}>
                {t("deskSettings.sla.save")}
              </Button>
            </Can>
          )}
        </Form>
      )}
    </section>
  );
}

/** Hours and minutes as one value ({hours, minutes}), for a form item. */
function DurationInput({
  value,
  onChange,
  label,
  disabled,
}: {
  value?: Duration;
  onChange?: (value: Duration) => void;
  label: string;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <span className="desk-sla__duration">
      <InputNumber
        aria-label={`${label} (${t("deskSettings.sla.hours")})`}
        min={0}
        max={RESOLUTION_MAX_DAYS * 24}
        precision={0}
        value={value?.hours ?? null}
        disabled={disabled}
        suffix={t("deskSettings.sla.hours")}
        className="desk-sla__hours"
        onChange={(hours) => onChange?.({ ...value, hours })}
      />
      <InputNumber
        aria-label={`${label} (${t("deskSettings.sla.minutes")})`}
        min={0}
        max={59}
        precision={0}
        value={value?.minutes ?? null}
        disabled={disabled}
        suffix={t("deskSettings.sla.minutes")}
        className="desk-sla__minutes"
        onChange={(minutes) => onChange?.({ ...value, minutes })}
      />
    </span>
  );
}
