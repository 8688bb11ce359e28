// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from "vitest";
import { loadLanguage } from "../../../shared/i18n/i18n";
import { configureRequests } from "../../../shared/request/request-client";
import { batchProblem } from "./upload-limits";

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

describe("which files an upload list refuses before sending them", () => {
  beforeAll(async () => {
    await loadLanguage("en");
    await loadLanguage("vi");
  });

  it("takes five files and refuses the sixth, whether it comes in the same batch or later", () => {
    configureRequests({ language: () => "en" });
    const five = { kind: "file" as const, already: 0, limit: 5 };
    expect([0, 1, 2, 3, 4].map((position) => batchProblem(file("a.pdf"), { ...five, position }))).toEqual(
      Array(5).fill(undefined),
    );
    expect(batchProblem(file("f.pdf"), { ...five, position: 5 })).toBe("The number of uploaded files cannot exceed 5");
    expect(batchProblem(file("f.pdf"), { kind: "file", already: 5, position: 0, limit: 5 })).toBe(
      "The number of uploaded files cannot exceed 5",
    );
  });

  it("names the allowed formats and the size limit, in the user's language", () => {
    configureRequests({ language: () => "en" });
    expect(batchProblem(file("tool.exe"), { kind: "file", already: 0, position: 0, limit: 5 })).toBe(
      "The file format is incorrect; please upload a doc, xls, ppt, txt, pdf file",
    );
    expect(batchProblem(file("photo.gif"), { kind: "image", already: 0, position: 0, limit: 5 })).toMatch(
      /png, jpg, jpeg/,
    );
    expect(
      batchProblem(file("big.pdf", 5 * 1024 * 1024 + 1), { kind: "file", already: 0, position: 0, limit: 5 }),
    ).toBe("The upload file size cannot exceed 5 MB");
    configureRequests({ language: () => "vi" });
    expect(batchProblem(file("f.pdf"), { kind: "file", already: 5, position: 0, limit: 5 })).not.toMatch(/number/);
  });
});
