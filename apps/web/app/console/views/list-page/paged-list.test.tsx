// @vitest-environment jsdom
import type { PageEnvelope } from "@rampart/contracts";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18nFor, loadLanguage } from "../../../shared/i18n/i18n";
import { usePagedList } from "./paged-list";

type Filters = { userName?: string; status?: string };
const FILTERS = ["userName", "status"] as const;
const SORTABLE = ["createTime"] as const;

afterEach(cleanup);
beforeAll(() => loadLanguage("en"));

/** A list page at `path` (and another page beside it), with the hook's last state at hand. */
function renderList(path: string, answer: Partial<PageEnvelope<{ id: number }>> = {}) {
  const fetchPage = vi.fn(
    async (_query: object): Promise<PageEnvelope<{ id: number }>> => ({
      code: 200,
      msg: "",
      rows: [{ id: 1 }],
      total: 41,
      ...answer,
    }),
  );
  let current: ReturnType<typeof usePagedList<{ id: number }, Filters>> | undefined;
  function ListPage() {
    current = usePagedList<{ id: number }, Filters>(fetchPage, FILTERS, { sortColumns: SORTABLE });
    return null;
  }
  // As the console's tabs do: the list stays mounted while another page's address is current.
  const router = createMemoryRouter([{ path: "*", element: <ListPage /> }], { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return { fetchPage, router, list: () => current! };
}

describe("a list kept in its page's address", () => {
  it("asks for the search, page, size and sort the address holds, ignoring what it does not know", async () => {
    const { fetchPage, list } = renderList(
      "/system/user?userName=ann&pageNum=3&pageSize=50&orderByColumn=createTime&isAsc=ascending&role=x&pageNum2=9",
    );
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    expect(fetchPage.mock.calls[0]![0]).toEqual({
      userName: "ann",
      pageNum: 3,
      pageSize: 50,
      orderByColumn: "createTime",
      isAsc: "ascending",
    });
    expect(list().filters).toEqual({ userName: "ann" });
    expect(list().sortOrder("createTime")).toBe("ascend");
  });

  it("refuses a page size, a sort column or a direction it does not offer", async () => {
    const { fetchPage } = renderList("/system/user?pageSize=5000&orderByColumn=password&isAsc=sideways&pageNum=-2");
    await waitFor(() => expect(fetchPage).toHaveBeenCalled());
    expect(fetchPage.mock.calls[0]![0]).toEqual({ pageNum: 1, pageSize: 20 });
  });

  it("writes a new search into the address from the first page, and a page change keeps the search", async () => {
    const { fetchPage, router, list } = renderList("/system/user?pageNum=4&status=0");
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    act(() => list().search({ userName: "bao" }));
    await waitFor(() => expect(router.state.location.search).toBe("?userName=bao"));
    act(() =>
      list()
        .pagination(() => "")
        .onChange?.(2, 20),
    );
    await waitFor(() => expect(router.state.location.search).toBe("?userName=bao&pageNum=2"));
    await waitFor(() => expect(fetchPage).toHaveBeenLastCalledWith({ userName: "bao", pageNum: 2, pageSize: 20 }));
  });

  it("keeps its own query while another page's address is current (a tab in the background)", async () => {
    const { fetchPage, router, list } = renderList("/system/user?userName=ann");
    await waitFor(() => expect(fetchPage).toHaveBeenCalledTimes(1));
    await act(() => router.navigate("/system/role?userName=zed&pageNum=7"));
    expect(list().filters).toEqual({ userName: "ann" });
    expect(fetchPage).toHaveBeenCalledTimes(1);
    // Back on its own page, a search writes its own address, not the other page's.
    await act(() => router.navigate("/system/user?userName=ann"));
    act(() => list().search({ userName: "cy" }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe("/system/user?userName=cy"),
    );
  });

  it('says the list\'s own total, or "more than" where the server stopped counting', async () => {
    const exact = renderList("/system/user");
    await waitFor(() => expect(exact.list().total).toBe(41));
    expect(
      exact
        .list()
        .pagination((count) => `${count} users`)
        .showTotal?.(41, [1, 20]),
    ).toBe("41 users");
    cleanup();
    const capped = renderList("/system/user", { total: 1000, totalCapped: true });
    await waitFor(() => expect(capped.list().totalCapped).toBe(true));
    const pager = capped.list().pagination((count) => `${count} users`);
    expect(pager.showTotal?.(1000, [1, 20])).toBe("More than 1000");
    // The pages up to where counting stopped are offered (and the server counts on from a later one).
    expect(pager.total).toBe(1000);
  });
});
