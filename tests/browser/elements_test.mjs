// Browser test of the director's elements on the page (feed/web/, docs/director.md)
// in Debian's headless chromium, driven as a CasparCG template (update/play/
// remove), against a tiny static server of feed/web:
//   - every element the frame has on shows; one the frame has off fades out
//     (class element-off), the others stay;
//   - ?elements=scorebug,caption shows only those (one OBS source per element),
//     and pages one per element compose into the full page: its parts, and
//     their screenshots laid over one another are the full page's screenshot;
//   - the faces layout (only the scorebug and the caption on): the share of the
//     1920x1080 frame left transparent over a camera shot is measured and must
//     be at least 75 %;
//   - remove() leaves an empty stage;
//   - goldens of the faces layout with the small board and the slate, and the
//     final reveal in landscape and portrait, each in both languages; and of
//     every other element (a battle explained with a caption, the result,
//     standby) in each layout and both languages (FACEDOWN_UPDATE_GOLDEN=1 rewrites).
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { checkGolden, differingPixels } from './images.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const chromium = await loadChromium();

const { server, base } = await serveWeb(webDir);

const tally = checks();
const { check } = tally;

const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
const NAMES = ['board', 'board-compact', 'scorebug', 'players', 'explainer', 'caption', 'result', 'reveal', 'standby', 'slate'];
// A still frame (no battle, a caption) with these elements on.
const frame = (on, layout = 'landscape') => ({
  ...fixture, battle: null, banner: null, banner_after_battle: null, result: null, caption: 'Final round',
  now: Date.now() / 1000, layout: { ...fixture.layout, name: layout },
  elements: Object.fromEntries(NAMES.map((n) => [n, { on: on.includes(n), cued: on.includes(n), held: false }])),
});
const FULL = ['board', 'scorebug', 'players', 'caption'];
const PART_OF = { top: 'scorebug', panel1: 'players', panel2: 'players', board: 'board', caption: 'caption', footer: 'board' };

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facedown-elements-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const open = async (query) => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${base}/overlay.html?template=1&lang=en${query}`);
    await page.waitForFunction(() => typeof window.update === 'function');
    return page;
  };
  const shown = (page) => page.evaluate(() => Object.fromEntries([...document.querySelectorAll('.part')]
    .map((p) => [p.className.match(/part-(\w+)/)[1], !p.classList.contains('element-off') && p.childElementCount > 0])));
  const show = async (page, doc) => {
    await page.evaluate((d) => { window.update(d); window.play(); }, doc);
    await page.waitForTimeout(450);  // past the 0.3 s fades
  };

  const page = await open('');
  await show(page, frame(FULL));
  let s = await shown(page);
  for (const [part, element] of Object.entries(PART_OF))
    if (part !== 'footer') check(s[part] === true, `all on: ${part} (${element}) shows`);
  await show(page, frame(['scorebug', 'caption']));
  s = await shown(page);
  check(!s.board && !s.panel1 && !s.panel2, 'board and players off: their parts fade out');
  check(s.top && s.caption, 'the scorebug and the caption stay');
  // Hidden once its fade is over (0.3 s; a loaded machine may take longer to get there).
  const hidden = await page.waitForFunction(
    () => getComputedStyle(document.querySelector('.part-board')).visibility === 'hidden', null, { timeout: 5000 })
    .then(() => true, () => false);
  check(hidden, 'an element off is hidden after its fade');

  // An element fades out with its content: the caption taken off (the frame
  // then carries no caption at all) keeps its text while it fades, never
  // emptied at the fade's first frame; so does the result's banner.
  const fading = await page.evaluate((d) => {
    window.update(d);
    const part = document.querySelector('.part-caption');
    return { text: part.textContent, off: part.classList.contains('element-off'), opacity: Number(getComputedStyle(part).opacity) };
  }, { ...frame(['scorebug']), caption: null });
  check(fading.off && fading.text.includes('Final round'), `the caption fades out with its text (${JSON.stringify(fading)})`);
  check(fading.opacity > 0, `the caption is still visible at the fade's first frame (opacity ${fading.opacity})`);
  const resultFrame = { ...frame(['scorebug', 'result']), banner: 'result', banner_after_battle: 'result', banner_element: 'result',
    banner_after_battle_element: 'result',
    result: { winner: 1, colour: 'p1', headline: { en: 'Kim WINS', ko: '김 승' }, sentence: { en: 'Lee resigned', ko: '이 기권' } } };
  await show(page, resultFrame);
  const resultGone = await page.evaluate((d) => {
    window.update(d);
    const part = document.querySelector('.part-banner');
    return { text: part.textContent, off: part.classList.contains('element-off') };
  }, { ...frame(['scorebug']), caption: null });
  check(resultGone.off && resultGone.text.includes('Kim WINS'), `the result fades out with its text (${JSON.stringify(resultGone)})`);

  // The faces layout over a camera shot: how much of the frame stays transparent.
  const shot = path.join(tmp, 'faces.png');
  await page.screenshot({ path: shot, omitBackground: true });
  const opaque = parseFloat(execFileSync('convert', [shot, '-alpha', 'extract', '-threshold', '0', '-format', '%[fx:mean]', 'info:'],
    { encoding: 'utf8' }));
  const transparent = 1 - opaque;
  check(transparent >= 0.75, `faces layout: ${(transparent * 100).toFixed(1)} % of 1920x1080 transparent (at least 75 %)`);
  console.log(`faces-transparent-share ${(transparent * 100).toFixed(1)}%  screenshot: ${shot}`);

  // One page per element composes into the full page: each part comes from
  // its element's page alone, and the element pages' screenshots laid over
  // one another (their alpha, as a vision mixer keys them) are the full
  // page's screenshot, pixel for pixel within antialiasing. The clock is
  // pinned so every page counts the same second.
  const settle = async (p) => {
    await p.waitForTimeout(350);
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
  };
  const still = frame(FULL);
  const showPinned = async (p) => {
    await p.evaluate((d) => { window.facedownOverlay.pinClock(d.now); window.update(d); window.play(); }, still);
    await settle(p);
  };
  const full = await shown(page);
  await showPinned(page);
  const whole = await shown(page);
  const wholeShot = path.join(tmp, 'full-page.png');
  await page.screenshot({ path: wholeShot, omitBackground: true });
  const union = {};
  const layers = [];
  for (const element of ['scorebug', 'players', 'board', 'caption']) {
    const one = await open(`&elements=${element}`);
    await showPinned(one);
    const parts = await shown(one);
    for (const [part, on] of Object.entries(parts)) {
      if (on) union[part] = true;
      if (on && PART_OF[part]) check(PART_OF[part] === element, `?elements=${element}: ${part} is its own`);
    }
    const shot = path.join(tmp, `element-${element}.png`);
    await one.screenshot({ path: shot, omitBackground: true });
    layers.push(shot);
    await one.close();
  }
  for (const [part, on] of Object.entries(whole))
    if (on) check(union[part] === true, `the ${part} part of the full page comes from one element page`);
  check(Object.keys(full).length > 0, 'parts were read');
  const composed = path.join(tmp, 'composed.png');
  execFileSync('convert', [...layers, '-background', 'none', '-flatten', composed]);
  const off = differingPixels(composed, wholeShot, path.join(tmp, 'composed-diff.png'));
  check(off >= 0 && off <= 1920 * 1080 * 0.002,
    `the element pages composed are the full page: ${off} pixels differ (at most 0.2 %; ${composed} against ${wholeShot})`);

  // Goldens of the director's elements and placements, one closed match (the
  // frame the ImGui half of the cross-output test makes, fixtures/revealed.json):
  // the faces layout with the small board, the slate, and the final reveal in
  // landscape and portrait, each in both languages. The ImGui goldens of the same
  // frame: tests/overlay/golden/director-*.png.
  const revealed = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/revealed.json'), 'utf8'));
  const LANDSCAPE = ['board', 'scorebug', 'players', 'explainer', 'caption', 'result', 'reveal', 'standby'];
  const scenes = [
    { name: 'director-faces-compact-en', lang: 'en', layout: 'faces', on: ['scorebug', 'caption', 'board-compact'] },
    { name: 'director-faces-slate-ko', lang: 'ko', layout: 'faces', on: ['scorebug', 'caption', 'slate'] },
    { name: 'director-reveal-en', lang: 'en', layout: 'landscape', on: LANDSCAPE },
    { name: 'director-reveal-portrait-ko', lang: 'ko', layout: 'portrait', on: LANDSCAPE },
    // The same elements in the other language.
    { name: 'director-faces-compact-ko', lang: 'ko', layout: 'faces', on: ['scorebug', 'caption', 'board-compact'] },
    { name: 'director-faces-slate-en', lang: 'en', layout: 'faces', on: ['scorebug', 'caption', 'slate'] },
    { name: 'director-reveal-ko', lang: 'ko', layout: 'landscape', on: LANDSCAPE },
    { name: 'director-reveal-portrait-en', lang: 'en', layout: 'portrait', on: LANDSCAPE },
  ];
  for (const sc of scenes) {
    const p = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await p.goto(`${base}/overlay.html?lang=${sc.lang}&feed=off`);
    await p.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    const doc = {
      ...revealed,
      layout: { ...revealed.layout, name: sc.layout, theme: sc.layout, orientation: sc.layout === 'portrait' ? 'portrait' : 'landscape' },
      elements: Object.fromEntries([...NAMES, 'deduction', 'win-bar'].map((n) => [n, { on: sc.on.includes(n), cued: sc.on.includes(n), held: false }])),
    };
    const got = await p.evaluate(({ d, now }) => {
      window.facedownOverlay.pinClock(now);
      window.update(d);
      const part = document.querySelector('.part-reveal');
      return { title: part ? [...part.querySelectorAll('.reveal-title')].map((e) => e.textContent) : [],
        tiles: part ? part.querySelectorAll('.tile.face').length : 0,
        // Every piece's label on the page (board, trays, reveal): never under 24 px.
        smallest: Math.min(...[...document.querySelectorAll('.tile .label')].map((e) => parseFloat(getComputedStyle(e).fontSize))) * (parseFloat(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')) || 1) };  // in theme px (a line)
    }, { d: doc, now: revealed.now });
    check(got.smallest >= 24 - 1e-3, `${sc.name}: the smallest piece label is ${got.smallest} px (at least 24)`);
    if (sc.on.includes('reveal')) {
      check(got.title.length === 1 && got.title[0] === revealed.reveal.title[sc.lang], `${sc.name}: the reveal's title ${JSON.stringify(got.title)}`);
      check(got.tiles === 28, `${sc.name}: both setups face up on the reveal's board (${got.tiles} pieces)`);
    }
    // Past the 0.3 s fades: every transition finished, however slow the machine
    // (a fixed wait shot the previous elements half faded on a loaded one).
    await p.waitForTimeout(350);
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
    const file = path.join(tmp, `${sc.name}.png`);
    await p.screenshot({ path: file, omitBackground: true });
    const r = checkGolden(file, path.join(here, 'golden', `${sc.name}.png`), { outDir: tmp });
    check(r.ok, `${sc.name} matches its golden: ${r.why}`);
    await p.close();
  }
  // A vertical browser source (1080x1920) shows portrait's canvas whole and
  // unscaled; the same page at 1920x1080 shows landscape unscaled.
  for (const [layout, width, height] of [['portrait', 1080, 1920], ['landscape', 1920, 1080]]) {
    const p = await browser.newPage({ viewport: { width, height } });
    await p.goto(`${base}/overlay.html?lang=en&feed=off`);
    await p.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    const doc = { ...revealed, layout: { ...revealed.layout, name: layout, theme: layout, orientation: layout === 'portrait' ? 'portrait' : 'landscape' } };
    const got = await p.evaluate((d) => {
      window.update(d);
      const stage = document.getElementById('stage'), r = stage.getBoundingClientRect();
      const top = document.querySelector('.topbar').getBoundingClientRect(), card = document.querySelector('.panel.reveal').getBoundingClientRect();
      return { stage: [r.x, r.y, r.width, r.height], canvas: stage.dataset.canvas, top: [top.x, top.y, top.width], card: [card.x, card.y, card.width, card.height] };
    }, doc);
    check(JSON.stringify(got.stage) === JSON.stringify([0, 0, width, height]) && got.canvas === `${width}x${height}`,
      `${layout} in a ${width}x${height} viewport fills it unscaled (${JSON.stringify(got)})`);
    const want = JSON.parse(fs.readFileSync(path.join(here, '../../feed/web/theme.json'), 'utf8')).layouts[layout].elements;
    check(Math.abs(got.top[0] - want.top_bar.x) < 1 && Math.abs(got.top[1] - want.top_bar.y) < 1 && Math.abs(got.top[2] - want.top_bar.w) < 1 &&
      Math.abs(got.card[3] - want.reveal.h) < 1, `${layout}: the scorebug and the reveal's card at the theme's places (${JSON.stringify(got)})`);
    await p.close();
  }

  // Every element in both languages and in each layout that places it: the
  // frames broadcast/ makes of the moments the ImGui goldens draw
  // (fixtures/elements-LANG.json, tests/overlay/element_moments.h): a battle
  // explained with a caption (board, scorebug, players, explainer, caption;
  // faces: the scorebug and the caption), the result, standby. One page per
  // language, each moment drawn into it in turn (a new page costs seconds).
  for (const lang of ['en', 'ko']) {
    const moments = JSON.parse(fs.readFileSync(path.join(here, `fixtures/elements-${lang}.json`), 'utf8'));
    const p = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await p.goto(`${base}/overlay.html?lang=${lang}&feed=off`);
    await p.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    for (const [moment, doc] of Object.entries(moments)) {
      const name = `elements-${moment}-${lang}`;
      const got = await p.evaluate(({ d }) => {
        window.facedownOverlay.pinClock(d.now);
        window.update(d);
        // (the seal hashes are cut on purpose: a hash's head is enough on air)
        const texts = [...document.querySelectorAll('#stage .part:not(.element-off) .fit, #stage .part:not(.element-off) .explain-line')]
          .filter((e) => !e.classList.contains('seal-hash'));
        return {
          parts: [...document.querySelectorAll('#stage .part')].filter((e) => !e.classList.contains('element-off') && e.childElementCount > 0)
            .map((e) => e.className.match(/part-(\w+)/)[1]).sort(),
          // A text cut with an ellipsis, or any text under 24 px, on air.
          cut: texts.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent),
          smallest: Math.min(...texts.map((e) => parseFloat(getComputedStyle(e).fontSize))) * (parseFloat(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')) || 1),  // in theme px (a line)
        };
      }, { d: doc });
      const want = moment.startsWith('mid-faces') ? ['caption', 'top'] : null;
      if (want) check(JSON.stringify(got.parts) === JSON.stringify(want), `${name}: only the scorebug and the caption (${got.parts})`);
      if (moment.startsWith('mid-') && !want) check(['board', 'caption', 'panel1', 'panel2', 'top'].every((x) => got.parts.includes(x)), `${name}: board, scorebug, players, caption (${got.parts})`);
      check(got.smallest >= 24 - 1e-3, `${name}: no text under 24 px (smallest ${got.smallest})`);
      check(got.cut.length === 0, `${name}: no text cut with an ellipsis (${got.cut.join(', ')})`);
      await p.waitForTimeout(350);
      await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
      if (moment.startsWith('mid-') && !want) check(await p.locator('.part-explain .explainer').count() === 1, `${name}: the explainer is up`);
      const file = path.join(tmp, `${name}.png`);
      await p.screenshot({ path: file, omitBackground: true });
      const r = checkGolden(file, path.join(here, 'golden', `${name}.png`), { outDir: tmp });
      check(r.ok, `${name} matches its golden: ${r.why}`);
    }
    // ?elements=explainer: the explainer alone (its own layer), over nothing else.
    {
      const mid = moments['mid-landscape'];
      const one = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
      await one.goto(`${base}/overlay.html?lang=${lang}&feed=off&elements=explainer`);
      await one.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
      await one.evaluate(({ d }) => { window.facedownOverlay.pinClock(d.now); window.update(d); }, { d: mid });
      await one.waitForTimeout(350);
      const alone = await one.evaluate(() => ({
        lines: [...document.querySelectorAll('.part-explain:not(.element-off) .explainer .explain-line')]
          .filter((e) => getComputedStyle(e).visibility === 'visible').map((e) => e.textContent),
        others: [...document.querySelectorAll('#stage .part')].filter((e) => !e.classList.contains('part-explain') &&
          !e.classList.contains('element-off') && e.childElementCount > 0).map((e) => e.className),
      }));
      check(alone.lines.length >= 1 && alone.lines.length === mid.battle.caption[lang].length,
        `?elements=explainer (${lang}): the explainer's lines show alone (${JSON.stringify(alone.lines)})`);
      check(alone.others.length === 0, `?elements=explainer (${lang}): nothing else shows (${alone.others})`);
      const shot = path.join(tmp, `explainer-alone-${lang}.png`);
      await one.screenshot({ path: shot, omitBackground: true });
      console.log(`explainer alone: ${shot}`);
      await one.close();
    }
    // The split explainer (broadcast/explainer_place.h: the battle's squares
    // left no room for the whole block): each line where the frame puts it.
    const split = moments['mid-split-landscape'];
    const want = split.battle.explainer_lines.landscape;
    const got = await p.evaluate(({ d }) => {
      window.facedownOverlay.pinClock(d.now);
      window.update(d);
      const stage = document.getElementById('stage').getBoundingClientRect();
      const k = stage.width / 1920;
      return [...document.querySelectorAll('.part-explain .explain-line')].map((e) => {
        const r = e.getBoundingClientRect();
        return { x: (r.x - stage.x) / k, y: (r.y - stage.y) / k, w: r.width / k, h: r.height / k };
      });
    }, { d: split });
    const near = (a, b) => ['x', 'y', 'w', 'h'].every((f) => Math.abs(a[f] - b[f]) < 0.5);
    check(want.length === 4 && got.length === 4 && got.every((r, i) => near(r, want[i])),
      `mid-split-landscape-${lang}: each explainer line at the frame's place (${JSON.stringify(got)})`);
    await p.close();
  }

  // remove(): nothing left.
  await page.evaluate(() => window.remove());
  const left = await page.evaluate(() => document.getElementById('stage').childElementCount);
  check(left === 0, `remove() empties the stage (${left} nodes left)`);
  await page.close();
} finally {
  await browser.close();
  server.close();
}
process.exit(tally.failed ? 1 : 0);
