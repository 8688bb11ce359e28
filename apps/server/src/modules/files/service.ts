import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysFile } from "../../db/schema.ts";
import { assertWithinQuota } from "./storage-quota.ts";

/** A checked upload (file-rules.ts judged its content), stored under a new random id; answers the id. */
export async function storeUpload(
  db: Db,
  uploader: { userId: number; roles: readonly string[] },
  file: { name: string; content: Buffer; contentType: string; extension: string; private?: boolean },
): Promise<string> {
  const fileId = randomUUID();
  await db.transaction(async (tx) => {
    await assertWithinQuota(tx, uploader, file.content.length);
    await tx.insert(sysFile).values({
      fileId,
      ownerId: uploader.userId,
      contentType: file.contentType,
      extension: file.extension,
      size: file.content.length,
      originalName: file.name,
      content: file.content,
      private: file.private ?? false,
    });
  });
  return fileId;
}

/** A stored file with its content; undefined when there is none of that id. */
export async function storedFile(db: Db, fileId: string) {
  const [file] = await db.select().from(sysFile).where(eq(sysFile.fileId, fileId));
  return file;
}
