// @vitest-environment jsdom
import { DEFAULT_TICKET_SLA } from "@rampart/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import supportEn from "../../../locales/support/en.json";
import { useSession } from "../../../shared/auth/session-store";
import { i18nFor, loadLanguage } from "../../../shared/i18n/i18n";
import { DeskSlaTab } from "./desk-sla-tab";
import { deskApi } from "./support-api";
import "../../../shared/testing/antd-in-jsdom";

vi.mock("./support-api", () => ({ deskApi: { sla: vi.fn(), saveSla: vi.fn() } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

beforeAll(async () => {
  await loadLanguage("en");
  i18nFor("en").addResourceBundle("en", "translation", supportEn, true, false);
});

function openTab(readOnly: boolean) {
  useSession.setState({ roles: ["operator"], permissions: ["business:ticket:list", "business:ticket:edit"] });
  vi.mocked(deskApi.sla).mockResolvedValue({ code: 200, msg: "OK", data: DEFAULT_TICKET_SLA });
  vi.mocked(deskApi.saveSla).mockResolvedValue({ code: 200, msg: "Service levels saved" });
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <App>
        <DeskSlaTab readOnly={readOnly} />
      </App>
    </I18nextProvider>,
  );
}
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe("the service levels", () => {
  it("show each priority's times in hours and minutes and save them together, in minutes", async () => {
    openTab(false);
    // Urgent: 30 minutes to the first answer, 4 hours to the resolution.
    await waitFor(() => expect(field("Urgent · First answer within (h)").value).toBe("0"));
    expect(field("Urgent · First answer within (min)").value).toBe("30");
    expect(field("Urgent · Resolved within (h)").value).toBe("4");

    fireEvent.change(field("Urgent · First answer within (min)"), { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Save service levels" }));
    expect(await screen.findByText("At least 5 minutes")).toBeTruthy();
    expect(deskApi.saveSla).not.toHaveBeenCalled();

    fireEvent.change(field("Urgent · First answer within (h)"), { target: { value: "1" } });
    fireEvent.change(field("Urgent · First answer within (min)"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Save service levels" }));
    await waitFor(() => expect(deskApi.saveSla).toHaveBeenCalledTimes(1));
    const { rules } = vi.mocked(deskApi.saveSla).mock.calls[0]![0];
    expect(rules).toHaveLength(4);
    expect(rules.find((rule) => rule.priority === "urgent")).toEqual({
      priority: "urgent",
      firstReplyMinutes: 75,
      resolutionMinutes: 240,
    });
    expect(rules.find((rule) => rule.priority === "low")).toEqual({
      priority: "low",
      ...DEFAULT_TICKET_SLA.low,
    });
  });

  it("are only read by an operator bound to a site", async () => {
    openTab(true);
    await waitFor(() => expect(field("Urgent · First answer within (h)").disabled).toBe(true));
    expect(screen.getByText(/only an operator who is not bound to a site can change them/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Save service levels" })).toBeNull();
  });
});
