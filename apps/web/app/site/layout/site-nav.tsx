import { TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE } from "@rampart/contracts";
import Cookies from "js-cookie";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink, useLocation } from "react-router";
import { getToken } from "../../shared/auth/token-cookie";
import { useSiteData } from "../../shared/branding/use-site-data";
import { apiFetch } from "../../shared/request/api-fetch";
import { PRODUCT_GROUPS, PRODUCTS, productFor } from "../products/catalog";

/**
 * The header's own product links, the main products (the others, TCP/UDP and Host Security among
 * them, are in the Products menu); those whose page exists are shown.
 */
const HEADER_LINKS = [
  { slug: "ddos", label: "nav.ddos" },
  { slug: "waf", label: "nav.waf" },
  { slug: "cdn", label: "nav.acceleration" },
  { slug: "ssl", label: "nav.ssl" },
] as const;

function PersonIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-2a3 3 0 1 1 0-6 3 3 0 0 1 0 6Zm-8 11a8 8 0 0 1 16 0h-2a6 6 0 0 0-12 0H4Z"
      />
    </svg>
  );
}

/** A signed-in visitor's Personal Center and Log out, in the account menu or the phone's list. */
function AccountItems({ linkClass, itemClass }: { linkClass: string; itemClass?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <li className={itemClass}>
        <a href="/user/profile" className={linkClass}>
          {t("nav.personalCenter")}
        </a>
      </li>
      <li className={itemClass}>
        <button type="button" className={`${linkClass} site-nav__logout`} onClick={() => void logOut()}>
          {t("nav.logout")}
        </button>
      </li>
    </>
  );
}

/** Logs out from a public page: ends the session on the server, forgets the cookies, reloads. */
async function logOut() {
  const token = getToken();
  if (token) {
    await apiFetch("/auth/logout", { method: "DELETE", language: document.documentElement.lang }).catch(() => {});
  }
  for (const name of [TOKEN_COOKIE, TOKEN_EXPIRY_COOKIE]) {
    Cookies.remove(name, { path: "/" });
    const domain = document.documentElement.dataset.cookieDomain;
    if (domain) Cookies.remove(name, { path: "/", domain });
  }
  window.location.reload();
}

/**
 * The header menu (spec section 2): Products (every product page, grouped, a disclosure that Escape
 * closes), the main products, Contact Us, About Us, Under attack? (the emergency response page,
 * standing out), and Log in — or Console, Personal Center and Log out for a signed-in visitor (the
 * last two a menu of their own when inline).
 * Product pages highlight Products. Inline from 1024 px; narrower, it folds into a menu that opens
 * without JavaScript (a checkbox and its label).
 */
export function SiteNav() {
  const { t } = useTranslation();
  const { signedIn } = useSiteData();
  const { pathname } = useLocation();
  const products = useRef<HTMLDetailsElement>(null);
  const account = useRef<HTMLDetailsElement>(null);
  const toggle = useRef<HTMLInputElement>(null);

  // After a navigation the menus close (not on hydration: a menu the visitor opened while the
  // scripts were loading stays open); a click elsewhere or Escape closes the products and account menus.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    for (const menu of [products.current, account.current]) if (menu) menu.open = false;
    if (toggle.current) toggle.current.checked = false;
  }, [pathname]);
  useEffect(() => {
    const menus = () => [products.current, account.current].filter((menu) => menu?.open) as HTMLDetailsElement[];
    const close = (event: Event) => {
      for (const menu of menus()) if (!menu.contains(event.target as Node)) menu.open = false;
    };
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      for (const menu of menus()) {
        menu.open = false;
        // Focus goes back to where the menu was opened, not to the page's start.
        if (menu.contains(document.activeElement)) menu.querySelector("summary")?.focus();
      }
    };
    document.addEventListener("click", close);
    document.addEventListener("keydown", onEscape);
    return () => {
      document.removeEventListener("click", close);
      document.removeEventListener("keydown", onEscape);
    };
  }, []);
  const onProduct = PRODUCTS.some((product) => pathname === `/${product.slug}`);
  const groups = PRODUCT_GROUPS.map((group) => ({ group, items: PRODUCTS.filter((p) => p.group === group) })).filter(
    (g) => g.items.length > 0,
  );
  return (
    <div className="site-nav">
      <input
        ref={toggle}
        type="checkbox"
        id="site-nav-toggle"
        className="site-nav__toggle"
        aria-hidden="true"
        tabIndex={-1}
      />
      <label htmlFor="site-nav-toggle" className="site-nav__burger">
        <span className="visually-hidden">{t("nav.menu")}</span>
        <span aria-hidden="true" />
        <span aria-hidden="true" />
        <span aria-hidden="true" />
      </label>
      <nav className="site-nav__panel" aria-label={t("nav.main")}>
        <ul className="site-nav__list">
          <li className="site-nav__item site-nav__item--products">
            <details className="site-nav__products" ref={products}>
              <summary
                className={onProduct ? "site-nav__link site-nav__link--active" : "site-nav__link"}
                aria-current={onProduct ? "page" : undefined}
              >
                {t("nav.products")}
              </summary>
              <div className="site-nav__mega">
                {groups.map(({ group, items }) => (
                  <div key={group} className="site-nav__group">
                    <p className="site-nav__group-title">{t(`nav.groups.${group}`)}</p>
                    <ul>
                      {items.map((product) => (
                        <li key={product.slug}>
                          <Link to={`/${product.slug}`} className="site-nav__sublink">
                            {t(`nav.products_.${product.slug}`)}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </details>
          </li>
          {HEADER_LINKS.filter((link) => productFor(link.slug)).map((link) => (
            <li key={link.slug} className="site-nav__item">
              <NavLink
                to={`/${link.slug}`}
                className={({ isActive }) => `site-nav__link${isActive ? " site-nav__link--active" : ""}`}
              >
                {t(link.label)}
              </NavLink>
            </li>
          ))}
          <li className="site-nav__item">
            <NavLink
              to="/contact"
              className={({ isActive }) => `site-nav__link${isActive ? " site-nav__link--active" : ""}`}
            >
              {t("nav.contact")}
            </NavLink>
          </li>
          <li className="site-nav__item">
            <NavLink
              to="/about"
              className={({ isActive }) => `site-nav__link${isActive ? " site-nav__link--active" : ""}`}
            >
              {t("nav.about")}
            </NavLink>
          </li>
          <li className="site-nav__item">
            <NavLink
              to="/sa"
              className={({ isActive }) =>
                `site-nav__link site-nav__link--alert${isActive ? " site-nav__link--active" : ""}`
              }
            >
              {t("nav.underAttack")}
            </NavLink>
          </li>
        </ul>
        <ul className="site-nav__account">
          {signedIn ? (
            <>
              <li>
                <a href="/control/customer" className="button button--primary">
                  {t("nav.console")}
                </a>
              </li>
              {/* Inline (1024 px and up), Personal Center and Log out are a menu of their own; on phones, a list. */}
              <li className="site-nav__account-menu">
                <details ref={account}>
                  <summary className="site-nav__link">
                    <PersonIcon />
                    <span className="visually-hidden">{t("nav.account")}</span>
                  </summary>
                  <ul className="site-nav__account-items">
                    <AccountItems linkClass="site-nav__sublink" />
                  </ul>
                </details>
              </li>
              <AccountItems linkClass="site-nav__link" itemClass="site-nav__account-flat" />
            </>
          ) : (
            <li>
              <a href="/cloud/login" className="button button--primary">
                {t("nav.login")}
              </a>
            </li>
          )}
        </ul>
      </nav>
    </div>
  );
}
