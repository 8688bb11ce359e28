export type ProductIconName = "cdn" | "ddos" | "tcp" | "waf" | "ssl" | "host" | "firewall" | "database" | "service";

const PATHS: Record<ProductIconName, string> = {
  cdn: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm6.9 6h-2.9a15.7 15.7 0 0 0-1.4-3.6A8 8 0 0 1 18.9 8ZM12 4a13.9 13.9 0 0 1 1.9 4h-3.8A13.9 13.9 0 0 1 12 4ZM4.3 14a8.2 8.2 0 0 1 0-4h3.4a16.5 16.5 0 0 0 0 4H4.3Zm.8 2h2.9a15.7 15.7 0 0 0 1.4 3.6A8 8 0 0 1 5.1 16ZM8 8H5.1a8 8 0 0 1 4.3-3.6A15.7 15.7 0 0 0 8 8Zm4 12a13.9 13.9 0 0 1-1.9-4h3.8A13.9 13.9 0 0 1 12 20Zm2.3-6H9.7a14.7 14.7 0 0 1 0-4h4.6a14.7 14.7 0 0 1 0 4Zm.3 5.6a15.7 15.7 0 0 0 1.4-3.6h2.9a8 8 0 0 1-4.3 3.6Zm1.7-5.6a16.5 16.5 0 0 0 0-4h3.4a8.2 8.2 0 0 1 0 4h-3.4Z",
  ddos: "M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3Zm0 2.1 6 2.3V11c0 3.9-2.5 7.3-6 8.8-3.5-1.5-6-4.9-6-8.8V6.4l6-2.3ZM11 7v6h2V7h-2Zm0 8v2h2v-2h-2Z",
  tcp: "M4 5h16v4H4V5Zm2 1.5v1h1v-1H6Zm-2 4h16v4H4v-4Zm2 1.5v1h1v-1H6Zm-2 4h16v4H4v-4Zm2 1.5v1h1v-1H6Zm4-11v1h8v-1h-8Zm0 5.5v1h8v-1h-8Zm0 5.5v1h8v-1h-8Z",
  waf: "M3 5h18v4H3V5Zm0 5h8v4H3v-4Zm10 0h8v4h-8v-4ZM3 15h18v4H3v-4Z",
  ssl: "M12 2a5 5 0 0 0-5 5v3H5v12h14V10h-2V7a5 5 0 0 0-5-5Zm0 2a3 3 0 0 1 3 3v3H9V7a3 3 0 0 1 3-3Zm-5 8h10v8H7v-8Zm5 2a1.5 1.5 0 0 0-1 2.6V18h2v-1.4a1.5 1.5 0 0 0-1-2.6Z",
  host: "M4 4h16v10H4V4Zm2 2v6h12V6H6Zm-3 10h18v2H3v-2Zm6 3h6v1H9v-1Zm1-11 2 2 3-3 1 1-4 4-3-3 1-1Z",
  firewall:
    "M3 4h18v16H3V4Zm2 2v3h6V6H5Zm8 0v3h6V6h-6ZM5 11v3h3v-3H5Zm5 0v3h4v-3h-4Zm6 0v3h3v-3h-3ZM5 16v2h6v-2H5Zm8 0v2h6v-2h-6Z",
  database:
    "M12 2c-4.4 0-8 1.6-8 3.5v13C4 20.4 7.6 22 12 22s8-1.6 8-3.5v-13C20 3.6 16.4 2 12 2Zm0 2c3.6 0 6 1.1 6 1.5S15.6 7 12 7 6 5.9 6 5.5 8.4 4 12 4ZM6 8.1C7.5 8.7 9.6 9 12 9s4.5-.3 6-.9V12c0 .4-2.4 1.5-6 1.5S6 12.4 6 12V8.1Zm0 6.4c1.5.6 3.6 1 6 1s4.5-.4 6-1v4c0 .4-2.4 1.5-6 1.5S6 18.9 6 18.5v-4Z",
  service:
    "M12 2a7 7 0 0 0-7 7v4H3v6h5v-8H7V9a5 5 0 0 1 10 0v2h-1v8h3v1h-5v2h7v-9h-2V9a7 7 0 0 0-7-7Zm-7 13h1v2H5v-2Zm13 0h1v2h-1v-2Z",
};

/** A product's icon: inline SVG in the theme colour, no external asset. */
export function ProductIcon({ name }: { name: ProductIconName }) {
  return (
    <span className="product-icon" aria-hidden="true">
      <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path fill="currentColor" fillRule="evenodd" d={PATHS[name]} />
      </svg>
    </span>
  );
}
