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

  it("lets *:*:* and admin through everything", () => {
    signInAs(["admin"], ["*:*:*"]);
    render(
      <>
        <Can permissions={["anything:at:all"]}>
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
