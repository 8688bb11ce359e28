import { requestText } from "../../../shared/request/request-client";
import { type UploadKind, uploadProblem } from "../../../shared/request/upload";

/** A file of a file list (spec section 3): its name, its address, and a key for the list. */
export interface UploadedFile {
  name: string;
  url: string;
  uid: string;
}

/** The default number of files a list takes (spec section 9). */
export const DEFAULT_FILE_COUNT = 5;

/**
 * Why the file at `position` of a batch being added would be refused, in the user's language:
 * one too many for the list ('upload file count cannot exceed N'), or its type or size. Undefined
 * when it may be sent.
 */
export function batchProblem(
  file: File,
  { kind, already, position, limit }: { kind: UploadKind; already: number; position: number; limit: number },
): string | undefined {
  if (already + position + 1 > limit) return requestText("uploadTooMany", { limit });
  return uploadProblem(file, kind);
}
