import { type Static, Type } from "typebox";
import { PageQuery } from "./envelope.ts";
import { Id, MultiLine, SingleLine } from "./field-kinds.ts";

/** At most this many files on a notice (the file upload's count, spec section 9). */
export const NOTICE_ATTACHMENTS_MAX = 5;
/** Our own uploads only: /prod-api/file/<uuid>.<ext>. */
export const UPLOADED_FILE_URL_PATTERN =
  "^/prod-api/file/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]{1,5}$";

const NoticeType = Type.Union([Type.Literal("notice"), Type.Literal("announcement")]);
const NoticeStatus = Type.Union([Type.Literal("draft"), Type.Literal("published")]);
export const NoticeAttachment = Type.Object({
  name: SingleLine({ minLength: 1, maxLength: 255 }),
  url: Type.String({ pattern: UPLOADED_FILE_URL_PATTERN }),
});

/** What an operator writes: the content is rich text (HTML) that the server sanitises. */
export const NoticeBody = Type.Object(
  {
    title: SingleLine({ minLength: 1, maxLength: 200 }),
    noticeType: NoticeType,
    content: MultiLine({ maxLength: 200_000 }),
    attachments: Type.Array(NoticeAttachment, { maxItems: NOTICE_ATTACHMENTS_MAX }),
    /** null: every site. */
    siteId: Type.Union([Id(), Type.Null()]),
    status: NoticeStatus,
  },
  { additionalProperties: false },
);
export type NoticeBody = Static<typeof NoticeBody>;

export const NoticeView = Type.Object({
  noticeId: Type.Integer(),
  title: Type.String(),
  noticeType: Type.String(),
  content: Type.String(),
  attachments: Type.Array(NoticeAttachment),
  siteId: Type.Union([Type.Integer(), Type.Null()]),
  siteName: Type.Union([Type.String(), Type.Null()]),
  status: Type.String(),
  createdBy: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  publishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type NoticeView = Static<typeof NoticeView>;

export const NoticeListQuery = Type.Object({
  ...PageQuery,
  title: Type.Optional(SingleLine({ maxLength: 200 })),
  noticeType: Type.Optional(NoticeType),
  status: Type.Optional(NoticeStatus),
});
export type NoticeListQuery = Static<typeof NoticeListQuery>;
