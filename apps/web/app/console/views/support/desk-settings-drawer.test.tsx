// @vitest-environment jsdom
import type { DepartmentView, SiteAdminView } from "@rampart/contracts";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { App } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import supportEn from "../../../locales/support/en.json";
import { useSession } from "../../../shared/auth/session-store";
import { i18nFor, loadLanguage } from "../../../shared/i18n/i18n";
import DeskSettingsDrawer from "./desk-settings-drawer";
import { deskApi } from "./support-api";
import "../../../shared/testing/antd-in-jsdom";

vi.mock("./support-api", () => ({
  deskApi: { departments: vi.fn(), addDepartment: vi.fn(), updateDepartment: vi.fn() },
}));
vi.mock("../sites/sites-api", () => ({
  sitesApi: {
    list: async () => ({ code: 200, msg: "OK", data: [{ siteId: 3, company: "Lotus Shield" } as SiteAdminView] }),
  },
}));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

beforeAll(async () => {
  await loadLanguage("en");
  i18nFor("en").addResourceBundle("en", "translation", supportEn, true, false);
});

const technical: DepartmentView = {
  departmentId: 3,
  name: "Technical support",
  names: { en: "Technical support", vi: "Hỗ trợ kỹ thuật" },
  email: "tech@rampart.example",
  sort: 3,
  enabled: true,
  siteId: null,
};

describe("the desk settings' departments", () => {
  it("list the departments with their site, and add one with its name in every language", async () => {
    // An operator bound to no site, who may see the sites.
    useSession.setState({
      roles: ["operator"],
      permissions: ["business:ticket:list", "business:ticket:edit", "system:site:list"],
    });
    vi.mocked(deskApi.departments).mockResolvedValue({ code: 200, msg: "OK", data: [technical] });
    vi.mocked(deskApi.addDepartment).mockResolvedValue({ code: 200, msg: "Department saved", data: technical });
    render(
      <I18nextProvider i18n={i18nFor("en")}>
        <App>
          <DeskSettingsDrawer tab="departments" onTab={() => {}} onClose={() => {}} />
        </App>
      </I18nextProvider>,
    );
    const row = (await screen.findByText("Technical support")).closest("tr")!;
    expect(within(row).getByText("All sites")).toBeTruthy();
    expect(within(row).getByText("tech@rampart.example")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add department" }));
    const dialog = (await screen.findByText("New department")).closest(".ant-modal") as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText("Name (English)"), { target: { value: " Abuse desk " } });
    fireEvent.change(within(dialog).getByLabelText("Name in Tiếng Việt (optional, English if blank)"), {
      target: { value: "Báo cáo lạm dụng" },
    });
    fireEvent.change(within(dialog).getByLabelText("Receiving address"), { target: { value: "abuse@lotus.example" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(deskApi.addDepartment).toHaveBeenCalledTimes(1));
    expect(vi.mocked(deskApi.addDepartment).mock.calls[0]![0]).toEqual({
      name: { en: "Abuse desk", "zh-CN": "", "zh-TW": "", id: "", vi: "Báo cáo lạm dụng" },
      email: "abuse@lotus.example",
      sort: 10,
      enabled: true,
      siteId: null,
    });
  });
});
