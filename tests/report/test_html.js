#!/usr/bin/env node
// test_html.js PAGE.html SCREENSHOT.png - load the HTML report in headless
// Chromium (Debian's chromium, through puppeteer-core) and drive its
// filters.  Prints one JSON object for test_html.py to check:
//   errors    console errors, page errors, failed or non-local requests
//   total     the "#shown-count" text after load
//   steps     [{action, shown, visible_rules}] after each filter action
// Exit 0 when the page could be driven (the checks are test_html.py's),
// 2 on a setup error (no chromium, no puppeteer-core).
"use strict";
const path = require("path");

async function main(page_path, shot) {
  let puppeteer;
  try {
    puppeteer = require("puppeteer-core");
  } catch (e) {
    console.error("test_html.js: puppeteer-core missing (run npm ci in tests/report): " + e.message);
    return 2;
  }
  const exe = process.env.CHROMIUM || "/usr/bin/chromium";
  const browser = await puppeteer.launch({
    executablePath: exe, headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  const out = { errors: [], steps: [] };
  try {
    const page = await browser.newPage();
    await page.setViewport({ width: 1200, height: 900 });
    page.on("console", (m) => { if (m.type() === "error") out.errors.push("console: " + m.text()); });
    page.on("pageerror", (e) => out.errors.push("pageerror: " + e.message));
    page.on("requestfailed", (r) => out.errors.push("requestfailed: " + r.url()));
    page.on("request", (r) => {
      if (!/^(file|data):/.test(r.url())) out.errors.push("network request: " + r.url());
    });
    await page.goto("file://" + path.resolve(page_path), { waitUntil: "load" });
    const state = () => page.evaluate(() => ({
      shown: document.getElementById("shown-count").textContent,
      visible: Array.from(document.querySelectorAll("article.finding"))
        .filter((a) => a.offsetParent !== null).map((a) => a.dataset.rule + "@" + a.dataset.models),
      groups: Array.from(document.querySelectorAll(".check-group"))
        .filter((g) => g.offsetParent !== null).map((g) => g.dataset.rule),
      empty_shown: document.getElementById("empty").offsetParent !== null,
    }));
    out.total = (await state()).shown;
    const step = async (action, fn) => { await fn(); out.steps.push(Object.assign({ action }, await state())); };
    await step("uncheck MMIO001", () => page.click("#filter-rule-MMIO001"));
    await step("uncheck note", () => page.click("#filter-sev-note"));
    await step("recheck all", async () => { await page.click("#filter-rule-MMIO001"); await page.click("#filter-sev-note"); });
    await step("model ppc64-legacy", () => page.select("#filter-model", "ppc64-legacy"));
    await step("model all", () => page.select("#filter-model", ""));
    await step("text demo_mask_irq", () => page.type("#filter-text", "demo_mask_irq"));
    await step("text no match", () => page.type("#filter-text", "-nothing-matches-this"));
    await page.evaluate(() => { const t = document.getElementById("filter-text"); t.value = "";
      t.dispatchEvent(new Event("input")); });
    await page.screenshot({ path: shot, fullPage: true });
    // A phone: 400 px wide, laid out at its width (the viewport meta tag).
    await page.setViewport({ width: 400, height: 800, isMobile: true, hasTouch: true });
    await page.goto("file://" + path.resolve(page_path), { waitUntil: "load" });
    out.narrow = await page.evaluate(() => {
      const line = document.querySelector("pre.src span.l");
      const filters = document.getElementById("filters");
      return {
        page_width: document.documentElement.scrollWidth, viewport_width: window.innerWidth,
        viewport_meta: (document.querySelector("meta[name=viewport]") || {}).content || null,
        tab_size: line ? getComputedStyle(line).tabSize : null,
        filters_sticky: getComputedStyle(filters).position === "sticky", filters_height: filters.offsetHeight,
      };
    });
    await page.tap("#filter-rule-MMIO001");
    out.narrow.after_tap = await page.evaluate(() => document.getElementById("shown-count").textContent);
    await page.screenshot({ path: shot.replace(/\.png$/, "-400.png"), fullPage: true });
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(out, null, 1));
  return 0;
}

main(process.argv[2], process.argv[3]).then((rc) => process.exit(rc), (e) => {
  console.error("test_html.js: " + (e && e.stack ? e.stack : e));
  process.exit(2);
});
