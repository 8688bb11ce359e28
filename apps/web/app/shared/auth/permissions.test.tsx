// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Can } from "./permissions";
import { useSession } from "./session-store";

const signInAs = (roles: string[], permissions: string[]) => useSession.setState({ roles, permissions });
afterEach(() => {
  cleanup();
  useSession.getState().forget();
});

describe("<Can>", () => {
  it("shows its children only to a user with one of the permissions", () => {
    signInAs(["operator"], ["system:user:add"]);
    render(
      <>
        <Can permissions={["system:user:add", "system:user:edit"]}>
          <button type="button">Add</button>
        </Can>
        <Can permissions={["system:user:remove"]}>
          <button type="button">Delete</button>
        </Can>
        <Can permissions={["system:user:add", "system:user:edit"]} all>
          <button type="button">Both</button>
        </Can>
      </>,
    );
    expect(screen.getByText("Add")).toBeTruthy();
    expect(screen.queryByText("Delete")).toBeNull();
    expect(screen.queryByText("Both")).toBeNull();
  });

  it("hides changes to global objects from an operator bound to a site, not from one bound to none", () => {
    const user = (siteId: number | null) =>
      ({
        userId: 7,
        userName: "ops",
        nickName: "ops",
        email: "",
        phonenumber: "",
        avatar: "",
        status: "0",
        siteId,
        loginIp: "",
        loginDate: null,
        createTime: "2026-11-25T00:00:00Z",
      }) as const;
    const buttons = (
      <>
        <Can permissions={["system:config:edit"]}>
          <button type="button">Edit setting</button>
        </Can>
        <Can permissions={["system:user:edit"]}>
          <button type="button">Edit user</button>
        </Can>
      </>
    );
    useSession.setState({
      roles: ["brand_admin"],
      permissions: ["system:config:edit", "system:user:edit"],
      user: user(2),
    });
    render(buttons);
    expect(screen.queryByText("Edit setting")).toBeNull();
    expect(screen.getByText("Edit user")).toBeTruthy();
    cleanup();
    useSession.setState({ user: user(null) });
    render(buttons);
    expect(screen.getByText("Edit setting")).toBeTruthy();
  });

  it("lets *:*:* and admin through everything", () => {
    signInAs(["admin"], ["*:*:*"]);
    render(
      <>
        <Can permissions={["tool:build:view"]}>
          <span>perm</span>
        </Can>
        <Can roles={["operator"]}>
          <span>role</span>
        </Can>
      </>,
    );
    expect(screen.getByText("perm")).toBeTruthy();
    expect(screen.getByText("role")).toBeTruthy();
  });

  it("checks roles when no permissions are named", () => {
    signInAs(["ROLE_DEFAULT"], []);
    render(
      <>
        <Can roles={["ROLE_DEFAULT", "operator"]}>
          <span>customer</span>
        </Can>
        <Can roles={["ROLE_DEFAULT", "operator"]} all>
          <span>both</span>
        </Can>
      </>,
    );
    expect(screen.getByText("customer")).toBeTruthy();
    expect(screen.queryByText("both")).toBeNull();
  });

  it("throws without a list to check, as the original directives do", () => {
    signInAs(["admin"], ["*:*:*"]);
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Can permissions={[]}>x</Can>)).toThrow(/set permissions/);
      expect(() => render(<Can>x</Can>)).toThrow(/set permissions or roles/);
    } finally {
      console.error = quiet;
    }
  });
});
