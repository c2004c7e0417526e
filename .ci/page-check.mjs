// Checks a report page in headless Chromium; called by .ci/page-check, which installs what it needs.
//   node page-check.mjs PAGE.html CHROMIUM OUT_DIR
// On a phone (390 x 844): no page-wide sideways scroll, charts drawn at their own width (their
// text legible); axe-core under WCAG 2.2 AA on the phone and on a desktop (1280 x 900): no serious
// or critical violation; print to PDF (Chromium's): every table caption and chart caption is in
// the PDF's text, so no folded block or chart is left out. Prints one line per finding; exit 1 on any.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import puppeteer from "puppeteer-core";

const [page, chromium, out] = process.argv.slice(2);
const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const url = pathToFileURL(page).href;
const problems = [];

const browser = await puppeteer.launch({
  executablePath: chromium,
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
});
try {
  const tab = await browser.newPage();

  async function axe(where) {
    await tab.addScriptTag({ content: axeSource });
    const result = await tab.evaluate(() => window.axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] },
    }));
    for (const v of result.violations) {
      const line = `axe (${where}): ${v.impact} ${v.id}: ${v.help} (${v.nodes.length} elements, e.g. ${v.nodes[0].target})`;
      if (v.impact === "serious" || v.impact === "critical") {
        problems.push(line);
      } else {
        console.log(`note: ${line}`);
      }
    }
    console.log(`axe (${where}): ${result.violations.length} violations, ${result.passes.length} rules passed`);
  }

  await tab.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true });
  await tab.goto(url, { waitUntil: "load" });
  const phone = await tab.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const charts = [...document.querySelectorAll("figure img")];
    return {
      width,
      scrollWidth: document.documentElement.scrollWidth,
      charts: charts.length,
      shrunk: charts.filter(i => i.getBoundingClientRect().width < i.naturalWidth - 1).length,
    };
  });
  console.log(`phone: page ${phone.scrollWidth} px wide on a ${phone.width} px screen; ${phone.charts} charts`);
  if (phone.scrollWidth > phone.width) {
    problems.push(`phone: the page scrolls sideways (${phone.scrollWidth} px on a ${phone.width} px screen)`);
  }
  if (phone.shrunk > 0) {
    problems.push(`phone: ${phone.shrunk} of ${phone.charts} charts drawn narrower than their own width (text too small)`);
  }
  await axe("phone, 390 px");

  await tab.setViewport({ width: 1280, height: 900 });
  await tab.goto(url, { waitUntil: "load" });
  await axe("desktop, 1280 px");

  const expected = await tab.evaluate(() => ({
    tables: [...document.querySelectorAll("table caption")].map(c => c.textContent),
    charts: [...document.querySelectorAll("figure figcaption")].map(c => c.textContent),
    details: document.querySelectorAll("details").length,
  }));
  const pdf = `${out}/page.pdf`;
  await tab.pdf({ path: pdf, format: "A4", printBackground: true });
  // compared without spaces and hyphens: the PDF's lines break where the page's did not
  const squash = s => s.replace(/[\s\u00ad-]+/g, "");
  const text = squash(execFileSync("pdftotext", [pdf, "-"], { maxBuffer: 64 << 20 }).toString());
  const missingTables = expected.tables.filter(c => !text.includes(squash(c)));
  const missingCharts = expected.charts.filter(c => !text.includes(squash(c)));
  console.log(`print: ${expected.tables.length - missingTables.length} of ${expected.tables.length} tables and `
    + `${expected.charts.length - missingCharts.length} of ${expected.charts.length} charts in ${pdf} `
    + `(${expected.details} folded blocks on screen)`);
  missingTables.forEach(c => problems.push(`print: table missing from the PDF: ${c}`));
  missingCharts.forEach(c => problems.push(`print: chart missing from the PDF: ${c}`));
} finally {
  await browser.close();
}
problems.forEach(p => console.log(`FAILED: ${p}`));
process.exit(problems.length === 0 ? 0 : 1);
