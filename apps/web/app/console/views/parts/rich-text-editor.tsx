import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from "@ant-design/icons";
import Image from "@tiptap/extension-image";
import { type Editor, EditorContent, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { App, Button, Input, Popover, Tooltip } from "antd";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { uploadFile } from "../../../shared/request/upload";
import "./rich-text.css";

/** Editor images: the image rules of spec section 9 (png, jpg, jpeg; 5 MB), checked by uploadFile. */
const IMAGE_ACCEPT = ".png,.jpg,.jpeg";
const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

function ToolButton({
  label,
  icon,
  active,
  disabled,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button
        type={active ? "primary" : "text"}
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function LinkButton({ editor, label }: { editor: Editor; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [href, setHref] = useState("");
  const apply = () => {
    const url = href.trim();
    if (!url) editor.chain().focus().extendMarkRange("link").unsetLink().run();
    else if (SAFE_LINK.test(url)) editor.chain().focus().extendMarkRange("link").setLink({ href: url }).run();
    else return;
    setOpen(false);
  };
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setHref((editor.getAttributes("link").href as string | undefined) ?? "https://");
      }}
      trigger="click"
      content={
        <div className="rich-text__link">
          <Input
            aria-label={t("richText.linkAddress")}
            value={href}
            onChange={(event) => setHref(event.target.value)}
            onPressEnter={apply}
            status={href.trim() && !SAFE_LINK.test(href.trim()) ? "error" : undefined}
            placeholder="https://"
          />
          <Button type="primary" size="small" onClick={apply}>
            {t("richText.applyLink")}
          </Button>
        </div>
      }
    >
      <span>
        <ToolButton label={label} icon={<LinkOutlined />} active={editor.isActive("link")} onClick={() => {}} />
      </span>
    </Popover>
  );
}

/**
 * The console's rich-text editor (Tiptap): headings, emphasis, lists, quotes, links and images
 * uploaded through POST /prod-api/file/upload. Its value is HTML, which the server sanitises before
 * keeping it. A failed image says 'image insertion failed'.
 */
export function RichTextEditor({
  value,
  onChange,
  label,
  images = true,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
  /** Without the image button (a ticket's message: its pictures are private attachments). */
  images?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const picker = useRef<HTMLInputElement>(null);
  const [inserting, setInserting] = useState(false);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        link: { openOnClick: false, autolink: true, protocols: ["http", "https", "mailto"] },
      }),
      Image,
    ],
    content: value ?? "",
    immediatelyRender: false,
    // The toolbar shows what is active at the cursor: draw again on every change.
    shouldRerenderOnTransaction: true,
    editorProps: { attributes: { "aria-label": label, role: "textbox", "aria-multiline": "true" } },
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? "" : current.getHTML()),
  });
  const insertImage = async (file: File) => {
    if (!editor) return;
    setInserting(true);
    try {
      const url = await uploadFile(file, "image");
      editor
        .chain()
        .focus()
        .setImage({ src: url, alt: file.name.replace(/\.[a-z0-9]+$/i, "") })
        .run();
    } catch {
      void message.error(t("richText.imageInsertFailed"));
    } finally {
      setInserting(false);
    }
  };

  if (!editor) return <div className="rich-text rich-text--loading" />;
  const state = {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    underline: editor.isActive("underline"),
    strike: editor.isActive("strike"),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    bullets: editor.isActive("bulletList"),
    numbers: editor.isActive("orderedList"),
    undo: editor.can().undo(),
    redo: editor.can().redo(),
  };
  const run = (command: (chain: ReturnType<Editor["chain"]>) => ReturnType<Editor["chain"]>) => () =>
    command(editor.chain().focus()).run();
  return (
    <div className="rich-text">
      <div className="rich-text__toolbar" role="toolbar" aria-label={t("richText.toolbar")}>
        <ToolButton
          label={t("richText.bold")}
          icon={<BoldOutlined />}
          active={state.bold}
          onClick={run((c) => c.toggleBold())}
        />
        <ToolButton
          label={t("richText.italic")}
          icon={<ItalicOutlined />}
          active={state.italic}
          onClick={run((c) => c.toggleItalic())}
        />
        <ToolButton
          label={t("richText.underline")}
          icon={<UnderlineOutlined />}
          active={state.underline}
          onClick={run((c) => c.toggleUnderline())}
        />
        <ToolButton
          label={t("richText.strike")}
          icon={<StrikethroughOutlined />}
          active={state.strike}
          onClick={run((c) => c.toggleStrike())}
        />
        <span className="rich-text__divider" />
        <ToolButton
          label={t("richText.heading2")}
          icon={<span className="rich-text__glyph">H2</span>}
          active={state.h2}
          onClick={run((c) => c.toggleHeading({ level: 2 }))}
        />
        <ToolButton
          label={t("richText.heading3")}
          icon={<span className="rich-text__glyph">H3</span>}
          active={state.h3}
          onClick={run((c) => c.toggleHeading({ level: 3 }))}
        />
        <ToolButton
          label={t("richText.bulletList")}
          icon={<UnorderedListOutlined />}
          active={state.bullets}
          onClick={run((c) => c.toggleBulletList())}
        />
        <ToolButton
          label={t("richText.orderedList")}
          icon={<OrderedListOutlined />}
          active={state.numbers}
          onClick={run((c) => c.toggleOrderedList())}
        />
        <span className="rich-text__divider" />
        <LinkButton editor={editor} label={t("richText.link")} />
        {images ? (
          <>
            <ToolButton
              label={t("richText.image")}
              icon={<PictureOutlined />}
              disabled={inserting}
              onClick={() => picker.current?.click()}
            />
            <input
              ref={picker}
              type="file"
              accept={IMAGE_ACCEPT}
              className="rich-text__picker"
              data-testid="rich-text-image"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) void insertImage(file);
              }}
            />
          </>
        ) : null}
        <span className="rich-text__divider" />
        <ToolButton
          label={t("richText.undo")}
          icon={<UndoOutlined />}
          disabled={!state.undo}
          onClick={run((c) => c.undo())}
        />
        <ToolButton
          label={t("richText.redo")}
          icon={<RedoOutlined />}
          disabled={!state.redo}
          onClick={run((c) => c.redo())}
        />
      </div>
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}
