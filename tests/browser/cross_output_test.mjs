// The cross-output test: the same frames painted by the ImGui overlay and by
// the browser page show the same texts. The ImGui half (overlay_tests
// "[cross-output]", tests/overlay/cross_output_frames_test.cpp) writes, for
// scripted and random matches of every game at chosen moments and in both
// languages, the on-air JSON and every text its headless ImGui frame drew. This
// half loads each frame into feed/web/overlay.html in Debian's headless
// chromium (CasparCG's update(), the clock pinned at the frame's now) and
// compares the page's visible texts with ImGui's, as multisets: a text one
// painter draws and the other does not, or draws differently, fails. Each
// text must also lie at the same height in both (ImGui's glyph box against the
// page's line box, within 2 canvas px: the same type sizes and text tops).
// For a chosen few frames (every game, both languages, a battle, a result,
// paused, a warning, a caption) it also compares the pictures: ImGui's, painted
// by a software rasteriser of its draw list (tests/overlay/draw_list_raster.h),
// with Chromium's screenshot, both over chroma green. Fonts and antialiasing
// differ, so it compares 8x8 blocks' coverage (edges within ~4 px; at most 8
// blocks may differ) and 40x40 cells' mean colour (within 48 of 255; at most 6
// cells may differ), both in canvas pixels on half-size pictures
// (picture_compare.mjs says why; docs/on-air.md, Cross-output test). It then
// serves a changed theme to the browser only, and compares the ImGui half's
// pictures of the ImGui overlay alone changed (a metric, a colour, an offset:
// the frames' `changed`) with the unchanged page, and checks that the pictures
// no longer agree either way: a change to one painter alone fails this test. A failure's
// pictures are saved and their directory printed.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium, or an overlay_tests
// built without the ImGui overlay).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { comparePictures, saveFailure, COLOUR_CELLS_ALLOWED, SHAPE_BLOCKS_ALLOWED } from './picture_compare.mjs';
import { arg, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const overlayTests = arg('overlay-tests');
const chromium = await loadChromium();

// [SECTION] The ImGui half.
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facedown-cross-'));
const framesFile = path.join(workDir, 'frames.json');
const picturesDir = path.join(workDir, 'imgui');
fs.mkdirSync(picturesDir);
const imguiStart = Date.now();
const run = spawnSync(overlayTests, ['[cross-output]'], {
  env: { ...process.env, FACEDOWN_CROSS_OUTPUT_OUT: framesFile, FACEDOWN_CROSS_OUTPUT_PICTURES: picturesDir },
  encoding: 'utf8',
});
// A run that failed (a crash, a failed check) is a failure, never a skip: only
// a run that passed yet wrote nothing (the ImGui overlay not built) is skipped.
if (run.status !== 0) {
  console.log(`FAIL: the ImGui half failed\n${run.stdout}${run.stderr}`);
  process.exit(1);
}
if (!fs.existsSync(framesFile)) {
  console.log(`SKIP: ${overlayTests} "[cross-output]" wrote no frames (built without the ImGui overlay?)\n${run.stdout}${run.stderr}`);
  process.exit(77);
}
const frames = JSON.parse(fs.readFileSync(framesFile, 'utf8'));
console.log(`the ImGui half: ${((Date.now() - imguiStart) / 1000).toFixed(1)} s`);

// [SECTION] A static server of feed/web; /theme.json can be swapped for a changed one.
let themeOverride = null;
const { server, base } = await serveWeb(webDir, (req, res, url) => {
  if (url.pathname !== '/theme.json' || !themeOverride) return false;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(themeOverride));
  return true;
});

// [SECTION] The browser half.
const multiset = (list) => {
  const m = new Map();
  for (const t of list) m.set(t, (m.get(t) || 0) + 1);
  return m;
};
const minus = (a, b) => {
  const out = [];
  for (const [t, n] of a) for (let k = (b.get(t) || 0); k < n; ++k) out.push(t);
  return out;
};

// The pictures: the whole canvas at half size (the comparison is coarse; a
// screenshot of a quarter of the pixels costs a third of the time), over chroma
// green (as the ImGui overlay's window keys), without transitions.
const PICTURE_PAGE = { viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 0.5 };
const failureDir = path.join(workDir, 'failures');
const pictured = [];
let pictureMs = 0, compareMs = 0;
let imguiAloneChecked = 0;
async function chromaBackground(page) {
  await page.evaluate(() => {
    document.documentElement.style.background = 'rgb(0, 177, 64)';
    document.body.style.background = 'rgb(0, 177, 64)';
    // Playwright's animations: 'disabled' does this per shot, at twice a shot's cost.
    const still = document.createElement('style');
    still.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }';
    document.head.appendChild(still);
  });
}
async function screenshot(page, name) {
  const file = path.join(workDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

let failed = 0;
// [SECTION] Where each text is: a text's glyph box in ImGui (its top at the
// theme's y, its height the theme's size) and the page's line box of the same
// text (the em scaled to the line, layout.js themeProperties) must lie at the
// same height: their middles within TEXT_DY_ALLOWED canvas px. The fonts are
// the same face (NanumGothic; the page bolds some texts), so the x extents
// must overlap. A text drawn twice is matched with the nearest of its copies.
const TEXT_DY_ALLOWED = 2;
let placedTexts = 0, worstDy = 0, worstDyText = '';
// Returns how many texts are misplaced; `quiet`: count only (a painter changed on purpose).
function placed(f, dom, quiet = false) {
  if (!Array.isArray(f.boxes)) return 0;
  let misplaced = 0;
  const free = dom.map((d) => ({ ...d, used: false }));
  f.imgui.forEach((t, i) => {
    const [x, y, w, h] = f.boxes[i];
    let best = null, bestD = Infinity;
    for (const d of free) {
      if (d.used || d.t !== t) continue;
      const dist = Math.abs(d.box[1] + d.box[3] / 2 - (y + h / 2)) + Math.abs(d.box[0] + d.box[2] / 2 - (x + w / 2));
      if (dist < bestD) { best = d; bestD = dist; }
    }
    if (!best) return;  // the texts' multiset check reports it
    best.used = true;
    const dy = Math.abs(best.box[1] + best.box[3] / 2 - (y + h / 2));
    const overlap = Math.min(x + w, best.box[0] + best.box[2]) - Math.max(x, best.box[0]) > 0;
    if (quiet) {
      if (dy > TEXT_DY_ALLOWED || !overlap) ++misplaced;
      return;
    }
    ++placedTexts;
    if (dy > worstDy) { worstDy = dy; worstDyText = `${f.lang} ${f.name}: "${t}"`; }
    if (dy > TEXT_DY_ALLOWED || !overlap) {
      ++failed;
      ++misplaced;
      console.log(`FAIL ${f.lang} ${f.name}: "${t}" at ImGui [${[x, y, w, h].map((v) => v.toFixed(1))}], the page [${best.box.map((v) => v.toFixed(1))}]`);
    }
  });
  return misplaced;
}
// The page's visible texts for frame `f`, each with its line box in canvas px.
function domTextsOf(page, f) {
  return page.evaluate(({ frame, now }) => {
    window.facedownOverlay.pinClock(now);
    window.update(frame);
    const stage = document.getElementById('stage');
    const origin = stage.getBoundingClientRect();
    const k = origin.width / stage.offsetWidth;  // canvas pixels: the stage is its layout's canvas, fitted (portrait's scaled)
    const out = [];
    const walk = document.createTreeWalker(stage, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      const t = n.textContent;
      if (!t || !t.trim()) continue;
      if (!n.parentElement.checkVisibility({ visibilityProperty: true })) continue;
      range.selectNodeContents(n);
      const r = range.getBoundingClientRect();  // the text's line: its glyph box (themeProperties)
      out.push({ t, box: [(r.x - origin.x) / k, (r.y - origin.y) / k, r.width / k, r.height / k] });
    }
    return out;
  }, { frame: f.frame, now: f.now });
}
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  for (const lang of ['en', 'ko']) {
    const page = await browser.newPage(PICTURE_PAGE);
    await page.goto(`${base}/overlay.html?lang=${lang}&feed=off`);
    await page.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    await chromaBackground(page);
    for (const f of frames.filter((x) => x.lang === lang)) {
      const domTexts = await domTextsOf(page, f);
      placed(f, domTexts);
      const texts = domTexts.map((d) => d.t);
      const want = multiset(f.imgui), got = multiset(texts);
      const missing = minus(want, got), extra = minus(got, want);
      if (missing.length || extra.length) {
        ++failed;
        console.log(`FAIL ${lang} ${f.name}: ImGui only ${JSON.stringify(missing)}; browser only ${JSON.stringify(extra)}`);
      } else {
        console.log(`PASS ${lang} ${f.name} (${f.imgui.length} texts)`);
      }
      if (f.picture) {
        const t0 = Date.now();
        const shot = await screenshot(page, `${path.basename(f.picture, '.rgb')}-browser`);
        const t1 = Date.now();
        const r = comparePictures(f.picture, shot);
        compareMs += Date.now() - t1;
        const what = `${r.shape.length} blocks' edges, ${r.colour.length} cells' colours differ (allowed ${SHAPE_BLOCKS_ALLOWED}, ${COLOUR_CELLS_ALLOWED}; worst colour ${r.worst})`;
        if (!r.ok) {
          ++failed;
          const stem = saveFailure(failureDir, `${lang}-${f.name}`, f.picture, shot, r);
          console.log(`FAIL picture ${lang} ${f.name}: ${what}; pictures ${stem}-{imgui,browser,marked}.png`);
        } else {
          console.log(`PASS picture ${lang} ${f.name}: ${what}`);
        }
        // The ImGui overlay alone changed (the ImGui half painted it so): the same shot must no longer agree.
        for (const c of f.changed || []) {
          const rc = comparePictures(c.picture, shot);
          const caught = !rc.ok && (c.caught === 'shape' ? rc.shape.length > SHAPE_BLOCKS_ALLOWED : rc.colour.length > COLOUR_CELLS_ALLOWED);
          if (!caught) ++failed;
          ++imguiAloneChecked;
          console.log(`${caught ? 'PASS' : 'FAIL'} the ImGui overlay alone with ${c.what} (${lang} ${f.name}): ${rc.shape.length} blocks, ${rc.colour.length} cells differ${caught ? ', caught' : ', NOT caught'}`);
        }
        pictured.push(f);
        pictureMs += Date.now() - t0;
      }
    }
    await page.close();
  }

  if (imguiAloneChecked < 9) {
    ++failed;
    console.log(`FAIL only ${imguiAloneChecked} pictures of the ImGui overlay alone changed were compared (want 3 changes on 3 frames)`);
  }

  // [SECTION] A change to one painter alone fails the picture check: the
  // browser is served a theme with player 1's panel moved 40 px right, one with
  // another panel colour, one with the panels' heads taller (a metric), while
  // ImGui's pictures keep the file's theme.
  const probe = pictured.find((f) => f.lang === 'en' && f.frame.opened);
  if (!probe) {
    ++failed;
    console.log('FAIL no pictured frame to change one painter on');
  } else {
    const changed = [
      ['panel1 moved 40 px', (t) => { t.layouts.landscape.elements.panel1.x += 40; }, (r) => r.shape.length > SHAPE_BLOCKS_ALLOWED],
      ['panel colour changed', (t) => { t.palette.panel = '#6a1060'; }, (r) => r.colour.length > COLOUR_CELLS_ALLOWED],
      // An offset inside an element (theme.json "metrics"): the players' heads 40 px taller.
      ['panel head 40 px taller', (t) => { t.metrics.panel.head_h += 40; }, (r) => r.colour.length > COLOUR_CELLS_ALLOWED],
      // A text top inside a banner (metrics banner.*_y, which ImGui reads too): the pause card's headline 60 px lower (over its sentence).
      ...(probe.frame.banner === 'paused'
        ? [['pause headline 60 px lower', (t) => { t.metrics.banner.card_headline_y += 60; }, (r) => r.colour.length > COLOUR_CELLS_ALLOWED]]
        : []),
    ];
    const t0 = Date.now();
    for (const [what, change, caught, on = probe] of changed) {
      const theme = JSON.parse(fs.readFileSync(path.join(webDir, 'theme.json'), 'utf8'));
      change(theme);
      themeOverride = theme;
      const page = await browser.newPage(PICTURE_PAGE);
      await page.goto(`${base}/overlay.html?lang=${on.lang}&feed=off`);
      await page.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
      await chromaBackground(page);
      await page.evaluate(({ frame, now }) => { window.facedownOverlay.pinClock(now); window.update(frame); }, { frame: on.frame, now: on.now });
      const shot = await screenshot(page, `changed-${what.replace(/\W+/g, '-')}`);
      await page.close();
      themeOverride = null;
      const r = comparePictures(on.picture, shot);
      const fails = !r.ok && caught(r);
      if (!fails) ++failed;
      console.log(`${fails ? 'PASS' : 'FAIL'} the browser alone with ${what} (${on.name}): ${r.shape.length} blocks, ${r.colour.length} cells differ${fails ? ', caught' : ', NOT caught'}`);
    }
    // A text's size or top changed for the page alone moves its texts off ImGui's: the places check
    // fails (the player panel's labels 8 px larger; the top bar's title 6 px lower).
    for (const [what, change] of [['panel labels 8 px larger', (t) => { t.type.panel_label += 8; }],
      ['the title 6 px lower', (t) => { t.metrics.scorebug.title_y += 6; }]]) {
      const theme = JSON.parse(fs.readFileSync(path.join(webDir, 'theme.json'), 'utf8'));
      change(theme);
      themeOverride = theme;
      const page = await browser.newPage(PICTURE_PAGE);
      await page.goto(`${base}/overlay.html?lang=${probe.lang}&feed=off`);
      await page.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
      const misplaced = placed(probe, await domTextsOf(page, probe), true);
      await page.close();
      themeOverride = null;
      if (!misplaced) ++failed;
      console.log(`${misplaced ? 'PASS' : 'FAIL'} the browser alone with ${what} (${probe.name}): ${misplaced} texts misplaced${misplaced ? ', caught' : ', NOT caught'}`);
    }
    pictureMs += Date.now() - t0;
  }

  // [SECTION] The theme is the page's too: a value changed in theme.json (as
  // tests/overlay/theme_test.cpp changes it for the ImGui overlay) changes the page.
  const sample = frames.find((f) => f.lang === 'en' && f.frame.opened);
  const look = async () => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${base}/overlay.html?lang=en&feed=off`);
    await page.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    const got = await page.evaluate(({ frame, now }) => {
      window.facedownOverlay.pinClock(now);
      window.update(frame);
      const label = [...document.querySelectorAll('.dim')].find((e) => e.textContent === 'Removed');
      return {
        label: parseFloat(getComputedStyle(label).lineHeight),  // the theme's size is the text's line
        title: document.querySelector('.title').getBoundingClientRect().left,
        panel: getComputedStyle(document.querySelector('.topbar')).backgroundColor,
      };
    }, { frame: sample.frame, now: sample.now });
    await page.close();
    return got;
  };
  const before = await look();
  const theme = JSON.parse(fs.readFileSync(path.join(webDir, 'theme.json'), 'utf8'));
  theme.type.panel_label = 40;
  theme.layouts.landscape.elements.top_bar.x = 300;
  theme.layouts.landscape.elements.top_bar.w = 1500;
  theme.palette.panel = '#123456';
  themeOverride = theme;
  const after = await look();
  themeOverride = null;
  const themed = after.label === 40 && before.label !== 40 && Math.abs(after.title - before.title - (300 - 96)) < 0.5 &&
    after.panel === 'rgb(18, 52, 86)' && before.panel !== after.panel;
  if (!themed) ++failed;
  console.log(`${themed ? 'PASS' : 'FAIL'} a changed theme.json changes the page: ${JSON.stringify(before)} -> ${JSON.stringify(after)}`);
} finally {
  await browser.close();
  server.close();
}
console.log(`text places: ${placedTexts} texts at the same height (worst ${worstDy.toFixed(2)} px, ${worstDyText}; allowed ${TEXT_DY_ALLOWED})`);
if (placedTexts < 1000) {
  ++failed;
  console.log(`FAIL only ${placedTexts} texts' places were compared`);
}
console.log(`pictures: ${(pictureMs / 1000).toFixed(1)} s in the browser half (${(compareMs / 1000).toFixed(1)} s comparing)`);
console.log(failed ? `${failed} checks failed over ${frames.length} frames; pictures in ${workDir}` : `all ${frames.length} frames agree (${pictured.length} pictures compared)`);
// Passed: the pictures (about 6 MB each) are not kept.
if (!failed) fs.rmSync(workDir, { recursive: true, force: true });
process.exit(failed ? 1 : 0);
