import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"],
});
const result = await lighthouse(process.argv[2], {
  port: chrome.port,
  onlyCategories: ["performance"],
  logLevel: "error",
});
const a = result.lhr.audits;
for (const id of [
  "first-contentful-paint",
  "largest-contentful-paint",
  "total-blocking-time",
  "speed-index",
  "cumulative-layout-shift",
  "interactive",
])
  console.log(id, a[id].displayValue, a[id].score);
for (const k of Object.keys(a).filter((k) => /render|blocking|lcp|document/.test(k)))
  console.log(
    k,
    a[k].score,
    a[k].displayValue ?? "",
    JSON.stringify(a[k].details?.items?.slice?.(0, 5) ?? "").slice(0, 400),
  );
console.log(
  "network",
  JSON.stringify(
    a["network-requests"].details.items.map((i) => [
      i.url.replace(/^https?:\/\/[^/]+/, ""),
      i.transferSize,
      Math.round(i.networkEndTime),
    ]),
  ).slice(0, 1500),
);
chrome.kill();
