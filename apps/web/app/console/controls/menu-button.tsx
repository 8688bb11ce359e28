import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export interface MenuButtonItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  /** The language of the label, when it is not the page's (the language menu). */
  lang?: string;
  /** A rule above this item. */
  dividerBefore?: boolean;
  onSelect(): void;
}

/**
 * A button that opens a menu (the avatar, size and language menus, the top menu's "more"): the
 * browser's popover (top layer, closed by a click elsewhere or Escape) placed under the button,
 * arrow keys between the items. In a few lines instead of antd's Dropdown, which brings antd's
 * Menu and its motion to the first view of the console.
 */
export function MenuButton({
  label,
  className,
  children,
  items,
  selected,
  align = "end",
}: {
  /** The button's accessible name. */
  label: string;
  className?: string;
  children: ReactNode;
  items: MenuButtonItem[];
  /** For a choice (size, language): the key chosen, marked in the menu. */
  selected?: string;
  align?: "start" | "end";
}) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);

  // Under the button, its right (or left) edge aligned with the button's, inside the window.
  const place = () => {
    const anchor = button.current?.getBoundingClientRect();
    const list = menu.current;
    if (!anchor || !list) return;
    list.style.top = `${anchor.bottom + 4}px`;
    if (align === "end") {
      list.style.left = "auto";
      // From the page's right edge, which a vertical scroll bar moves in.
      list.style.right = `${Math.max(4, document.documentElement.clientWidth - anchor.right)}px`;
    } else {
      list.style.right = "auto";
      list.style.left = `${Math.max(4, anchor.left)}px`;
    }
  };

  const menuItems = () => [...(menu.current?.querySelectorAll<HTMLElement>("[role^=menuitem]") ?? [])];
  // Arrow keys go round the items, Home and End to the first and last; Tab leaves the menu.
  const onKeyDown = (event: KeyboardEvent) => {
    const all = menuItems();
    const at = all.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Tab") {
      menu.current?.hidePopover();
      return;
    }
    const target =
      event.key === "ArrowDown"
        ? (at + 1) % all.length
        : event.key === "ArrowUp"
          ? (at - 1 + all.length) % all.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? all.length - 1
              : -1;
    if (target < 0) return;
    event.preventDefault();
    all[target]?.focus();
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        className={className}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={id}
        popoverTarget={id}
      >
        {children}
      </button>
      <div
        ref={menu}
        id={id}
        popover="auto"
        role="menu"
        aria-label={label}
        className="menu-popup"
        onKeyDown={onKeyDown}
        onBeforeToggle={(event) => {
          if (event.newState === "open") place();
        }}
        onToggle={(event) => {
          const opened = event.newState === "open";
          setOpen(opened);
          if (opened) (menuItems().find((item) => item.ariaChecked === "true") ?? menuItems()[0])?.focus();
        }}
      >
        {items.map((item) => {
          const choose = () => {
            menu.current?.hidePopover();
            item.onSelect();
          };
          const inside = (
            <>
              {item.icon ? (
                <span className="menu-icon" aria-hidden="true">
                  {item.icon}
                </span>
              ) : null}
              <span>{item.label}</span>
            </>
          );
          const className = `menu-popup__item${item.dividerBefore ? " menu-popup__item--divided" : ""}`;
          return selected === undefined ? (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              lang={item.lang}
              className={className}
              onClick={choose}
            >
              {inside}
            </button>
          ) : (
            <button
              key={item.key}
              type="button"
              role="menuitemradio"
              aria-checked={selected === item.key}
              lang={item.lang}
              className={className}
              onClick={choose}
            >
              {inside}
            </button>
          );
        })}
      </div>
    </>
  );
}
