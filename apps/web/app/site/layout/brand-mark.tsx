import type { Branding } from "../../shared/branding/branding";

/**
 * The site's logo at its own proportions (a wordmark or a square mark, the header's height, as wide
 * as it is drawn up to a limit: base.css), or a shield in the theme colour when the site has none.
 */
export function BrandMark({ branding, size = 32 }: { branding: Branding; size?: number }) {
  if (branding.logo) {
    return <img className="brand-mark brand-mark--logo" src={branding.logo} alt="" height={size} />;
  }
  return (
    <svg className="brand-mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <path fill="var(--brand)" d="M16 2 4 6.5v8.2c0 7.4 5.1 13.3 12 15.3 6.9-2 12-7.9 12-15.3V6.5L16 2Z" />
      <path fill="#fff" d="m14.2 20.6-4.6-4.6 1.9-1.9 2.7 2.7 6.3-6.3 1.9 1.9-8.2 8.2Z" />
    </svg>
  );
}
