// @vitest-environment jsdom
import type { DomainView } from "@rampart/contracts";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { ConfigProvider } from "antd";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import domainsVi from "../../../locales/domains/vi.json";
import domainsZhTW from "../../../locales/domains/zh-TW.json";
import { ANTD_LOCALES } from "../../../shared/antd/antd-locales";
import { i18nFor, loadLanguage } from "../../../shared/i18n/i18n";
import { DomainSettingsDrawer } from "./domain-settings-drawer";
import { domainsApi } from "./domains-api";
import "../../../shared/testing/antd-in-jsdom";

vi.mock("./domains-api", () => ({ domainsApi: { save: vi.fn() } }));

afterEach(cleanup);

beforeAll(async () => {
  for (const [language, messages] of [
    ["vi", domainsVi],
    ["zh-TW", domainsZhTW],
  ] as const) {
    await loadLanguage(language);
    i18nFor(language).addResourceBundle(language, "translation", messages, true, false);
  }
});

/** A CDN domain whose one cache rule has neither a path nor a time yet. */
const domain = {
  domainId: 7,
  name: "www.pho-bo.example",
  originAddresses: ["203.0.113.10"],
  originProtocol: "https",
  originPort: 443,
  cacheRules: [{ path: "", ttlSeconds: null }],
  wafMode: "monitor",
  icpNumber: "",
} as unknown as DomainView;

function openDrawer(language: "vi" | "zh-TW") {
  render(
    <I18nextProvider i18n={i18nFor(language)}>
      {/* antd in the language, as the console has it (its own messages use a field's label, or its name). */}
      <ConfigProvider locale={ANTD_LOCALES[language]}>
        <DomainSettingsDrawer orderNo="R2027" domain={domain} product="cdn" mainland={false} onClose={() => {}} />
      </ConfigProvider>
    </I18nextProvider>,
  );
  return i18nFor(language).t;
}

describe("the domain settings drawer", () => {
  it.each([
    "vi",
    "zh-TW",
  ] as const)("says in %s what each missing field needs, never its wire name", async (language) => {
    const t = openDrawer(language);
    fireEvent.change(screen.getByLabelText(t("domains.settings.originPort")), { target: { value: "" } });
    // antd spaces out a two-character Chinese label ("儲 存").
    const save = (name: string) => name.replace(/\s/g, "") === t("console.save");
    fireEvent.click(screen.getByRole("button", { name: save }));
    for (const key of ["portRequired", "cachePathRule", "cacheTtlRequired"])
      expect(await screen.findByText(t(`domains.settings.${key}`))).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/originPort|ttlSeconds|\bpath\b/);
    await waitFor(() => expect(domainsApi.save).not.toHaveBeenCalled());
  });
});
