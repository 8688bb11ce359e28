import { createHash, randomBytes } from "node:crypto";
import type { Language } from "@rampart/contracts";
import { fill, MAIL_EVENTS, MAIL_TEXTS, type MailEvent, type MailText, type MailValues } from "./mail-texts.ts";

/** The site a mail speaks for: its name, colour, logo and how to reach it. */
export interface MailBranding {
  company: string;
  themeColor: string;
  /**
   * An absolute address, or "" (an upload's is the site's own `/brand/logo.png`, over http only for
   * a local development name).
   */
  logoUrl: string;
  /** The logo's own size, when known: it is drawn 40 px high (at most 200 px wide) in proportion. */
  logoSize?: { width: number; height: number };
  contactWay: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

/**
 * Where a value goes in a compiled layout: a mark no text can contain, its key drawn when the
 * process starts (a company name or template typed as "⟦toString⟧" is text, never a mark).
 */
const MARK_KEY = randomBytes(6).toString("hex");
const mark = (name: string) => `⟦${MARK_KEY}:${name}⟧`;
const MARK = new RegExp(`⟦${MARK_KEY}:([A-Za-z]+)⟧`, "g");

interface CompiledMail {
  html: string;
  text: string;
}

/** Compiled layouts by their inputs (event, language, branding, text), the most recent kept. */
const compiled = new Map<string, Promise<CompiledMail>>();
const COMPILED_KEPT = 500;

/**
 * A mail as sent: subject, HTML (MJML's responsive layout in the site's colours: its logo or name,
 * the heading, the paragraphs, a button when the mail leads somewhere, the site's contact way) and
 * the same as plain text. Every text and value is escaped; only `link` becomes an address, and
 * the caller builds it from the site record.
 *
 * MJML and html-to-text take milliseconds a mail; the layout of one event, language, branding and
 * text is compiled once, with marks where the values go, and each mail fills the marks (escaped in
 * the HTML, as they are in the text part).
 */
export async function renderMail<E extends MailEvent>(
  event: E,
  language: Language,
  branding: MailBranding,
  values: MailValues<E>,
  /** The text to write it with (an operator's template); the event's default text otherwise. */
  text: MailText = MAIL_TEXTS[event][language],
): Promise<RenderedMail> {
  const all = { ...values, company: branding.company } as Record<string, string>;
  const key = createHash("sha256")
    .update(JSON.stringify([event, language, branding, text]))
    .digest("base64url");
  let layout = compiled.get(key);
  if (!layout) {
    layout = compile(event, language, branding, text);
    compiled.set(key, layout);
    layout.catch(() => compiled.delete(key));
    if (compiled.size > COMPILED_KEPT) compiled.delete(compiled.keys().next().value!);
  }
  const { html, text: plain } = await layout;
  return {
    subject: fill(text.subject, all),
    // The values' own properties only: a name such as "constructor" is no value of the mail.
    html: html.replace(MARK, (whole, name: string) =>
      Object.hasOwn(all, name) ? escapeHtml(all[name]!).replace(/\r?\n/g, "<br />") : whole,
    ),
    text: plain.replace(MARK, (whole, name: string) => (Object.hasOwn(all, name) ? all[name]! : whole)),
  };
}

/** The logo 40 px high, as wide as its proportions make it but at most 200 px; 160×36 when its size is unknown. */
function logoDimensions(size: MailBranding["logoSize"]): string {
  if (!size) return `height="36px" width="160px"`;
  const width = Math.min(200, Math.round((40 * size.width) / size.height));
  const height = Math.round((width * size.height) / size.width);
  return `height="${Math.max(1, height)}px" width="${Math.max(1, width)}px"`;
}

async function compile(
  event: MailEvent,
  language: Language,
  branding: MailBranding,
  text: MailText,
): Promise<CompiledMail> {
  // Every placeholder of the event becomes its mark; the company is the branding's, written in.
  const marks = Object.fromEntries(MAIL_EVENTS[event].map((name) => [name, mark(name)])) as Record<string, string>;
  marks.company = branding.company;
  const color = HEX_COLOR.test(branding.themeColor) ? branding.themeColor : "#006eff";
  const paragraphs = fill(text.body, marks)
    .split(/\n\s*\n/)
    .map(
      (p) =>
        `<mj-text font-size="15px" line-height="24px" color="#303133">${escapeHtml(p.trim()).replace(/\n/g, "<br />")}</mj-text>`,
    )
    .join("");
  const button =
    text.action && "link" in marks
      ? `<mj-button href="${mark("link")}" background-color="${color}" color="#ffffff" font-size="15px" border-radius="4px" align="left" padding="16px 25px">${escapeHtml(fill(text.action, marks))}</mj-button>
         <mj-text font-size="12px" color="#909399">${mark("link")}</mj-text>`
      : "";
  const header = /^https?:\/\//.test(branding.logoUrl)
    ? `<mj-image src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.company)}" ${logoDimensions(branding.logoSize)} align="left" padding="0 25px" />`
    : `<mj-text font-size="18px" font-weight="600" color="${color}">${escapeHtml(branding.company)}</mj-text>`;
  const source = `<mjml lang="${language}">
  <mj-head>
    <mj-title>${escapeHtml(fill(text.subject, marks))}</mj-title>
    <mj-attributes><mj-all font-family="-apple-system, 'Segoe UI', Roboto, 'PingFang SC', 'Microsoft YaHei', Arial, sans-serif" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f0f2f5">
    <mj-section padding="24px 0 8px">
      <mj-column>${header}</mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" border-top="4px solid ${color}" padding="16px 0">
      <mj-column>
        <mj-text font-size="20px" font-weight="600" line-height="1.35" color="#1f2d3d">${escapeHtml(fill(text.heading, marks))}</mj-text>
        ${paragraphs}
        ${button}
      </mj-column>
    </mj-section>
    <mj-section padding="8px 0 24px">
      <mj-column>
        <mj-text font-size="12px" color="#909399">${escapeHtml(branding.company)}${branding.contactWay ? ` · ${escapeHtml(branding.contactWay)}` : ""}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // No web fonts: a mail loads nothing from elsewhere (MJML would link Google Fonts for Roboto).
  // Loaded when the first mail is written: MJML is a few hundred modules the server's start need not wait for.
  const [{ default: mjml2html }, { convert }] = await Promise.all([import("mjml"), import("html-to-text")]);
  const { html, errors } = await mjml2html(source, { validationLevel: "strict", fonts: {} });
  if (errors.length > 0) throw new Error(`mail ${event}: ${errors.map((e) => e.formattedMessage).join("; ")}`);
  return {
    html,
    text: convert(html, {
      wordwrap: 78,
      selectors: [
        { selector: "a", options: { hideLinkHrefIfSameAsText: true } },
        { selector: "img", format: "skip" },
        { selector: "title", format: "skip" },
      ],
    }),
  };
}
