// @vitest-environment jsdom
import { act, cleanup, render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, expect, it } from "vitest";
import { useUrlFilters } from "./url-query";

afterEach(cleanup);

it("keeps a whole list's search in its page's address, empty values left out", async () => {
  let current: ReturnType<typeof useUrlFilters<{ userName?: string; ip?: string }>> | undefined;
  function Page() {
    current = useUrlFilters<{ userName?: string; ip?: string }>(["userName", "ip"]);
    return null;
  }
  const router = createMemoryRouter([{ path: "*", element: <Page /> }], {
    initialEntries: ["/monitor/online?ip=10.0.0.1&other=x"],
  });
  render(<RouterProvider router={router} />);
  expect(current?.[0]).toEqual({ ip: "10.0.0.1" });
  act(() => current?.[1]({ userName: "an", ip: "" }));
  expect(router.state.location.search).toBe("?other=x&userName=an");
  expect(current?.[0]).toEqual({ userName: "an" });
});
