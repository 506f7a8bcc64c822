// The page's half of the placement pictures (tests/overlay/placement_shots_test.cpp
// writes DIR/NAME.json, the on-air JSON of every game in every layout, and the
// ImGui overlay's DIR/NAME-imgui.png): paints each frame in headless Chromium
// at half size (960x540) and writes DIR/NAME-page.png beside it, for a person
// to look at both outputs side by side. Not a ctest: a tool.
//   node tests/browser/placement_shots.mjs --dir DIR [--web feed/web]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { arg, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const dir = path.resolve(arg('dir', '/tmp/placement-shots'));
const chromium = await loadChromium();
if (!chromium) process.exit(77);
const { server, base } = await serveWeb(webDir);
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 0.5 });
  await page.goto(`${base}/overlay.html?lang=en&feed=off`);
  await page.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
  await page.addStyleTag({ content: 'html, body { background: rgb(0, 177, 64) !important; }' });
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const doc = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    await page.evaluate((d) => { window.facedownOverlay.pinClock(d.now); window.update(d); }, doc);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(dir, file.replace(/\.json$/, '-page.png')) });
  }
} finally {
  await browser.close();
  server.close();
}
