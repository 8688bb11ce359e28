import { MONITORS_PER_CUSTOMER, type MonitorBody } from "@rampart/contracts";
import type { Db } from "../../db/client.ts";
import { AppError } from "../../http/errors.ts";
import type { MessageKey } from "../../http/messages.ts";
import type { OutboundClient, OutboundProblem } from "../../outbound/outbound-client.ts";
import { countSetting } from "../configs/service.ts";

/** System → Settings: how many monitors one customer may keep. */
export const MONITOR_LIMIT_SETTING = "sys.monitor.maxPerCustomer";

export async function monitorLimit(db: Db): Promise<number> {
  return countSetting(db, MONITOR_LIMIT_SETTING, MONITORS_PER_CUSTOMER);
}

const PROBLEM_MESSAGES: Record<OutboundProblem, MessageKey> = {
  url_invalid: "outbound_url_invalid",
  url_scheme: "outbound_url_scheme",
  address_private: "outbound_address_private",
  name_unresolved: "outbound_name_unresolved",
};

/** A customer-given address Rampart would connect to: refused with the reason unless it is on the internet. */
export async function assertOutboundUrl(outbound: OutboundClient, url: string): Promise<void> {
  const problem = await outbound.checkUrl(url);
  if (problem) throw new AppError(400, PROBLEM_MESSAGES[problem.problem], { value: problem.value });
}

/** A monitor as saved: trimmed, and sound (a keyword needs a body to look in). */
export function monitorFields(body: MonitorBody): MonitorBody {
  const fields = { ...body, name: body.name.trim(), url: body.url.trim(), keyword: body.keyword.trim() };
  if (fields.keyword && fields.method === "HEAD") throw new AppError(400, "monitor_keyword_head");
  return fields;
}
