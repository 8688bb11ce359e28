// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { Button } from "antd";
import { afterEach, describe, expect, it } from "vitest";
import { AntdProvider } from "./antd-provider";

afterEach(cleanup);

describe("the console's antd", () => {
  it.each([
    ["zh-TW", "登入"],
    ["zh-CN", "保存"],
  ] as const)("writes a two-character %s button as its readers do, without a space (%s)", (language, label) => {
    render(
      <AntdProvider themeColor="#1677ff" language={language} styleNonce="">
        <Button>{label}</Button>
      </AntdProvider>,
    );
    expect(screen.getByRole("button").textContent).toBe(label);
  });

  it("would space it out on its own (what the provider turns off)", () => {
    render(<Button>登入</Button>);
    expect(screen.getByRole("button").textContent).toBe("登 入");
  });
});
