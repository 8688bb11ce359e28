// @vitest-environment jsdom
import type { PageEnvelope } from "@rampart/contracts";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePagedList } from "./paged-list";

type Filters = { userName?: string; status?: string };
const FILTERS = ["userName", "status"] as const;
const SORTABLE = ["createTime"] as const;

afterEach(cleanup);

/** A list page at `path` (and another page beside it), with the hook's last state at hand. */
function renderList(path: string) {
  const fetchPage = vi.fn(
    async (_query: object): Promise<PageEnvelope<{ id: number }>> => ({
      code: 200,
      msg: "",
      rows: [{ id: 1 }],
      total: 41,
    }),
  );
  let current: ReturnType<typeof usePagedList<{ id: number }, Filters>> | undefined;
  function ListPage() {
    current = usePagedList<{ id: number }, Filters>(fetchPage, FILTERS, { sortColumns: SORTABLE });
    return null;
  }
  // As the console's tabs do: the list stays mounted while another page's address is current.
  const router = createMemoryRouter([{ path: "*", element: <ListPage /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
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
});
