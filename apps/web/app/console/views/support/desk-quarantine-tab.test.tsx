// @vitest-environment jsdom
import type { QuarantinedMailView } from "@rampart/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { App } from "antd";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import supportEn from "../../../locales/support/en.json";
import { useSession } from "../../../shared/auth/session-store";
import { i18nFor, loadLanguage } from "../../../shared/i18n/i18n";
import { DeskQuarantineTab } from "./desk-quarantine-tab";
import { deskApi } from "./support-api";
import "../../../shared/testing/antd-in-jsdom";

vi.mock("./support-api", () => ({ deskApi: { quarantine: vi.fn(), quarantined: vi.fn(), dismiss: vi.fn() } }));
vi.mock("../../../shared/branding/use-site-data", () => ({ useSiteData: () => ({ language: "en" }) }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

beforeAll(async () => {
  await loadLanguage("en");
  i18nFor("en").addResourceBundle("en", "translation", supportEn, true, false);
});

/** A mail from someone posing as a bank, whose text is HTML meant to run in the reader's console. */
const mail: QuarantinedMailView = {
  inboundId: 41,
  via: "webhook",
  mailFrom: "ceo@bank.example",
  rcptTo: "help@lotus.example",
  subject: "Urgent transfer",
  reason: "unauthenticated",
  siteId: 3,
  ticketNo: null,
  size: 2048,
  receivedAt: "2027-04-05T02:00:00Z",
};
const TEXT = '<img src="x" onerror="alert(1)"><b>Pay</b> this today.';

function openTab() {
  useSession.setState({ roles: ["operator"], permissions: ["business:ticket:list", "business:ticket:edit"] });
  vi.mocked(deskApi.quarantine).mockResolvedValue({ code: 200, msg: "OK", rows: [mail], total: 1 });
  vi.mocked(deskApi.quarantined).mockResolvedValue({ code: 200, msg: "OK", data: { ...mail, text: TEXT } });
  vi.mocked(deskApi.dismiss).mockResolvedValue({ code: 200, msg: "Mail set aside: its text has been deleted" });
  render(
    <MemoryRouter>
      <I18nextProvider i18n={i18nFor("en")}>
        <App>
          <DeskQuarantineTab scope={{ siteBound: false, sites: [], siteName: (id) => `Site ${id}` }} />
        </App>
      </I18nextProvider>
    </MemoryRouter>,
  );
}

describe("the quarantined mail", () => {
  it("is listed with why it was kept aside, and read as plain text, never as HTML", async () => {
    openTab();
    expect(await screen.findByText("Sender not verified")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Urgent transfer" }));
    await waitFor(() => expect(document.querySelector("pre.quarantine-text")).not.toBeNull());
    const shown = document.querySelector("pre.quarantine-text")!;
    expect(shown.textContent).toBe(TEXT);
    expect(shown.querySelector("img, b")).toBeNull();
    expect(deskApi.quarantined).toHaveBeenCalledWith(41);
  });

  it("is dismissed only after a question, and the list is loaded again", async () => {
    openTab();
    fireEvent.click(await screen.findByRole("button", { name: "Dismiss" }));
    expect(await screen.findByText(/leaves the quarantine and its text is deleted/)).toBeTruthy();
    expect(deskApi.dismiss).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: i18nFor("en").t("console.confirm") }));
    await waitFor(() => expect(deskApi.dismiss).toHaveBeenCalledWith(41));
    await waitFor(() => expect(deskApi.quarantine).toHaveBeenCalledTimes(2));
  });
});
