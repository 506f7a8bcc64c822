// Browser test of the analysis on air (feed/web/analysis_paint.js: the
// director's `deduction` and `win-bar` elements) in Debian's headless chromium,
// driven as a CasparCG template, against a tiny static server of feed/web:
//   - nothing of the analysis shows while its elements are off, whatever the frame carries;
//   - deduction on: one heat cell per place of each side's objective, stronger
//     for a likelier place, a certain place ringed; a label only on the pieces
//     the frame says are news; the headline and the legend under the board;
//   - piece-odds on: every face-down piece's label that fits its cell;
//   - win-bar on: both names with their numbers, the bars' widths in proportion;
//   - ?elements=scorebug shows neither; a frame with no analysis shows neither;
//   - no text of the layer is under 24 px, in each layout and both languages;
//   - goldens of both elements in each layout (landscape, portrait, faces over
//     the small board), both languages (FACEDOWN_UPDATE_GOLDEN=1 rewrites); the
//     ImGui goldens of the same analysis: tests/overlay/golden/analysis-*.png.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { checkGolden } from './images.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const chromium = await loadChromium();

// theme.json can be swapped for a changed one (the theme a designer edits, as the feed serves it).
let themeOverride = null;
const { server, base } = await serveWeb(webDir, (req, res, url) => {
  if (url.pathname !== '/theme.json' || !themeOverride) return false;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(themeOverride));
  return true;
});

const tally = checks();
const { check } = tally;

const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
const label = (t) => ({ en: t, ko: t });
// The frame's "analysis" (docs/on-air.md) for the fixture's position: seat 1's
// king on a1 or b1, seat 2's certain on b9; odds for the face-down pieces, c8
// certain (news), the others at 10 %, near their share at the start (not news). The texts, widths and cells
// are broadcast's (deduction_view.h), as the feed writes them.
const place = (square, p) => ({ square, lost: null, p });
const [n1, n2] = [fixture.players[0].name, fixture.players[1].name];
const pct = (p) => `${Math.round(p * 100)}%`;
const heat = (seat, square, p, strength, text, cell) => ({ seat, square, p, strength, certain: p === 1, seen: false,
  text: label(text), cell_en: cell, cell_ko: cell });
const analysis = {
  view: 'public', seq: fixture.seq, ply: 7, method: 'exact', error: null,
  objective: { token: 'K', label: { en: 'K', ko: '왕' }, places: [
    [place('a1', 0.75), place('b1', 0.25)],
    [place('b9', 1)],
  ] },
  pieces: ['a1', 'b1', 'c1', 'd1', 'c8', 'd8', 'a9'].map((square, i) => ({
    square, owner: i < 4 ? 1 : 2, certain: square === 'c8', news: square === 'c8',
    odds: [{ token: '9', label: label('9'), p: square === 'c8' ? 1 : 0.1 }, { token: '3', label: label('3'), p: 0.08 }],
    text: label(square === 'c8' ? '9' : '9 10%'), cell_en: square === 'c8' ? 56 : 89.2, cell_ko: square === 'c8' ? 56 : 89.2,
  })),
  deduction: {
    headline: [
      { seat: 1, lead: { en: `Where is ${n1}'s King?`, ko: `${n1}의 왕은 어디에?` },
        places: label(['a1 75%', 'a1 75% · b1 25%']), places_w_en: [117.6, 268.8], places_w_ko: [117.6, 268.8] },
      { seat: 2, lead: { en: `${n2}'s King is on`, ko: `${n2}의 왕 위치 확정:` }, places: label(['b9']), places_w_en: [38.4], places_w_ko: [38.4] },
    ],
    legend: { en: "Shade: the King's odds · gold: certain · labels: news only", ko: '음영: 왕 위치 확률 · 금색: 확실 · 글자: 새로 밝혀진 말만' },
    heat: [heat(1, 'a1', 0.75, 0.6518, pct(0.75), 61.6), heat(1, 'b1', 0.25, 0.52, pct(0.25), 61.6), heat(2, 'b9', 1, 0.7, '', 0)],
  },
  headlines: { en: ['Player 2\'s king is on b9'], ko: ['b9'] },
  win: { player1: { p: 0.62, low: 0.59, high: 0.65 }, player2: { p: 0.38, low: 0.35, high: 0.41 },
    draw: { p: 0, low: 0, high: 0.003 }, decided: false, playouts: 1100, seq: fixture.seq, ply: 7,
    sides: [`${n1} 62%`, `38% ${n2}`], note: { en: 'small edge', ko: '약간 우세' } },
  win_error: null,
};
const NAMES = ['board', 'board-compact', 'scorebug', 'players', 'explainer', 'caption', 'result', 'reveal', 'standby',
  'slate', 'deduction', 'win-bar', 'piece-odds'];
const frame = (on, withAnalysis = true) => ({
  ...fixture, battle: null, banner: null, banner_after_battle: null, result: null, caption: null,
  now: Date.now() / 1000, analysis: withAnalysis ? analysis : null,
  elements: Object.fromEntries(NAMES.map((n) => [n, { on: on.includes(n), cued: on.includes(n), held: false }])),
});
const BASE = ['board', 'scorebug', 'players'];
const squareOf = (name, files) => (Number(name.slice(1)) - 1) * files + (name.charCodeAt(0) - 97);

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'facedown-analysis-'));
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const open = async (query) => {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await page.goto(`${base}/overlay.html?template=1&lang=en${query}`);
    await page.waitForFunction(() => typeof window.update === 'function');
    return page;
  };
  const show = async (page, doc) => {
    await page.evaluate((d) => { window.update(d); window.play(); }, doc);
    await page.waitForTimeout(400);
  };
  // What is on air: a part that gives way keeps its picture but fades out (.element-off).
  const read = (page) => page.evaluate(() => ({
    heat: [...document.querySelectorAll('.analysis-layer .analysis-deduction:not(.element-off) .heat')].map((h) => ({ square: h.dataset.square,
      p: Number(h.dataset.p), opacity: Number(getComputedStyle(h.querySelector('.heat-fill') || h).opacity), ring: getComputedStyle(h).boxShadow !== 'none' })),
    odds: [...document.querySelectorAll('.analysis-layer .analysis-deduction:not(.element-off) .odds')].map((o) => o.textContent),
    allOdds: [...document.querySelectorAll('.analysis-layer .analysis-piece-odds:not(.element-off) .odds')].map((o) => o.textContent),
    headline: [...document.querySelectorAll('.analysis-layer .analysis-deduction:not(.element-off) .headline-lead, .analysis-layer .analysis-deduction:not(.element-off) .headline-places')].map((o) => o.textContent),
    legend: document.querySelector('.analysis-layer .analysis-deduction:not(.element-off) .headline-legend')?.textContent ?? null,
    bar: document.querySelector('.analysis-layer .win-bar:not(.element-off)') ? {
      texts: [...document.querySelectorAll('.analysis-layer .win-bar:not(.element-off) .win-text')].map((t) => t.textContent),
      widths: Object.fromEntries([...document.querySelectorAll('.analysis-layer .win-bar:not(.element-off) .win-fill')].map((f) => [f.className.split(' ')[1], f.getBoundingClientRect().width])),
    } : null,
    note: document.querySelector('.analysis-layer .win-bar:not(.element-off) .win-note')?.textContent ?? null,
    // Every text of the layer with its size: none may be under 24 px at 1920x1080.
    sizes: [...document.querySelectorAll('.analysis-layer *')].filter((e) => [...e.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim()))
      .map((e) => ({ text: e.textContent, px: parseFloat(getComputedStyle(e).fontSize) * (parseFloat(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')) || 1) })),  // the theme's size: a line (the em times the font's line)
    onTop: document.getElementById('stage').lastElementChild.classList.contains('analysis-layer'),
  }));
  const legible = (s, what) => {
    const small = s.sizes.filter((t) => !(t.px >= 24 - 1e-3));
    check(s.sizes.length > 0 && small.length === 0, `${what}: no analysis text under 24 px (${s.sizes.length} texts; under: ${small.map((t) => `${t.text} ${t.px}px`).join(', ')})`);
  };

  // A page of its own showing `doc` in `lang`, its animations settled (the goldens below).
  const shown = async (lang, doc) => {
    const p = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await p.goto(`${base}/overlay.html?lang=${lang}&feed=off`);
    await p.waitForFunction(() => window.facedownOverlay && typeof window.update === 'function', null, { timeout: 10000 });
    await p.evaluate(({ d, now }) => { window.facedownOverlay.pinClock(now); window.update(d); }, { d: doc, now: doc.now });
    await p.waitForTimeout(350);
    await p.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), null, { timeout: 10000 });
    return p;
  };
  // Its screenshot against tests/browser/golden/NAME.png; the page is closed.
  const matchesGolden = async (p, name) => {
    const file = path.join(tmp, `${name}.png`);
    await p.screenshot({ path: file, omitBackground: true });
    const r = checkGolden(file, path.join(here, 'golden', `${name}.png`), { outDir: tmp });
    check(r.ok, `${name} matches its golden: ${r.why}`);
    await p.close();
  };

  const page = await open('');
  await show(page, frame(BASE));
  let s = await read(page);
  check(s.heat.length === 0 && s.odds.length === 0 && s.bar === null, 'elements off: no heat map, no odds, no bar');

  await show(page, frame([...BASE, 'deduction']));
  s = await read(page);
  check(s.heat.length === 3, `deduction on: a heat cell per place (${s.heat.length} of 3)`);
  const a1 = s.heat.find((h) => h.square === 'a1'), b1 = s.heat.find((h) => h.square === 'b1'), b9 = s.heat.find((h) => h.square === 'b9');
  check(a1 && b1 && a1.opacity > b1.opacity, 'the likelier place is drawn stronger');
  check(b9 && b9.ring && !a1.ring, 'a certain place is ringed');
  check(s.odds.length === 1 && s.odds[0] === '9', `a label only on the news piece (${s.odds.join(', ')})`);
  check(s.allOdds.length === 0, 'piece-odds off: no other label');
  check(s.headline.join(' | ') === `Where is ${n1}'s King? | a1 75% · b1 25% | ${n2}'s King is on | b9`,
    `the headline: each side's King and its squares with their numbers (${s.headline.join(' | ')})`);
  check(s.legend === analysis.deduction.legend.en, `the legend (${s.legend})`);
  await show(page, frame([...BASE, 'deduction', 'caption']));
  s = await read(page);
  check(s.heat.length === 3 && s.headline.length === 0 && s.legend === null,
    `the caption on: the heat stays, the headline in the caption's band is not painted (${s.headline.join(' | ')})`);
  await show(page, frame([...BASE, 'deduction']));
  s = await read(page);
  check(s.bar === null, 'the win bar stays off');
  check(s.onTop, 'the analysis layer is over the board');

  await show(page, frame([...BASE, 'deduction', 'win-bar']));
  s = await read(page);
  check(s.bar !== null, 'win-bar on: the bar shows');
  await show(page, frame([...BASE, 'piece-odds']));
  s = await read(page);
  check(s.allOdds.length === 7 && s.allOdds.filter((t) => t === '9 10%').length === 6,
    `piece-odds on: every piece's label, with its number (${s.allOdds.join(', ')})`);
  check(s.heat.length === 0 && s.headline.length === 0, 'piece-odds alone: no heat, no headline');
  await show(page, frame([...BASE, 'deduction', 'win-bar']));
  s = await read(page);
  check(s.bar && s.bar.texts[0] === `${n1} 62%` && s.bar.texts[1] === `38% ${n2}`, `both names with their numbers (${s.bar && s.bar.texts})`);
  check(s.bar && Math.abs(s.bar.widths.p1 / (s.bar.widths.p1 + s.bar.widths.p2) - 0.62) < 0.01, 'the bars in proportion');
  check(s.note === analysis.win.note.en, `the interval note is the frame's (${s.note})`);
  legible(s, 'landscape, English');
  const shot = path.join(tmp, 'analysis.png');
  await page.screenshot({ path: shot, omitBackground: true });
  console.log(`screenshot: ${shot}`);

  // The analysis gives way to the story (broadcast/elements.h): cued but off while a battle is
  // explained, the result or a toast is up, or the reveal is on. The same picture fades out (it is
  // not repainted), then back in when the frame has it on again.
  const givingWay = frame([...BASE]);
  for (const n of ['deduction', 'win-bar']) givingWay.elements[n] = { on: false, cued: true, held: false, idle: 'gives way to the result' };
  await show(page, givingWay);
  s = await read(page);
  check(s.heat.length === 0 && s.bar === null, 'giving way: neither the heat map nor the bar is on air');
  const faded = await page.evaluate(() => {
    const bar = document.querySelector('.analysis-layer .win-bar');
    const group = document.querySelector('.analysis-layer .analysis-deduction');
    return { bar: bar && Number(getComputedStyle(bar).opacity), group: group && Number(getComputedStyle(group).opacity) };
  });
  check(faded.bar === 0 && faded.group === 0, `giving way: both faded out, not cut (${JSON.stringify(faded)})`);
  await show(page, frame([...BASE, 'deduction', 'win-bar']));
  s = await read(page);
  check(s.heat.length === 3 && s.bar !== null, 'back on: the same analysis fades back in');

  await show(page, frame([...BASE, 'deduction', 'win-bar'], false));
  s = await read(page);
  check(s.heat.length === 0 && s.bar === null, 'no analysis in the frame: nothing of it shows');
  await page.close();

  // The labels follow the theme served (metrics.analysis), not a copy of the page's own: a larger
  // label_text resizes them and odds_label_y_fraction moves them, as in ImGui
  // (tests/overlay/analysis_draw_test.cpp "the labels follow the loaded theme").
  const oddsLabel = async () => {
    const p = await open('');
    await show(p, frame([...BASE, 'deduction']));
    const got = await p.evaluate(() => {
      const o = [...document.querySelectorAll('.analysis-layer .analysis-deduction .odds')].find((e) => e.dataset.square === 'c8');
      const r = o.getBoundingClientRect();
      const line = parseFloat(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')) || 1;
      const heat = document.querySelector('.analysis-layer .heat').getBoundingClientRect();  // a cell less heat_inset a side
      return { mid: r.y + r.height / 2, size: parseFloat(getComputedStyle(o).fontSize) * line, heat: heat.height };
    });
    await p.close();
    return got;
  };
  const themed = JSON.parse(fs.readFileSync(path.join(webDir, 'theme.json'), 'utf8'));
  const before = await oddsLabel();
  themed.metrics.analysis.label_text = 30;
  themed.metrics.analysis.odds_label_y_fraction = 0.5;
  themeOverride = themed;
  const after = await oddsLabel();
  themeOverride = null;
  const cell = before.heat + 2 * themed.metrics.analysis.heat_inset;
  check(Math.abs(before.size - 24) < 0.01 && Math.abs(after.size - 30) < 0.01,
    `a theme's label_text resizes the odds labels (${before.size.toFixed(2)} -> ${after.size.toFixed(2)} px)`);
  check(Math.abs(before.mid - after.mid - 0.25 * cell) < 2,
    `a theme's odds_label_y_fraction moves them (middle ${before.mid.toFixed(1)} -> ${after.mid.toFixed(1)}, 0.25 of a ${cell.toFixed(1)} px cell)`);

  const one = await open('&elements=scorebug');
  await show(one, frame([...BASE, 'deduction', 'win-bar']));
  s = await read(one);
  check(s.heat.length === 0 && s.bar === null, '?elements=scorebug: neither analysis element');
  await one.close();
  const bar = await open('&elements=win-bar');
  await show(bar, frame([...BASE, 'deduction', 'win-bar']));
  s = await read(bar);
  check(s.heat.length === 0 && s.bar !== null, '?elements=win-bar: the bar alone');
  await bar.close();

  // The win bar's names are whole (never cut with an ellipsis) at 24 px or more,
  // inside the bar and title safe, apart from each other and from the note, in
  // every layout and both languages, with the longest realistic names (portrait:
  // the names on a row of their own, broadcast/on_air_analysis.h win_bar_parts).
  // Title safe of each layout's canvas (portrait's is 1080x1920); the page's boxes are measured in canvas pixels.
  const SAFE = { landscape: { x: 96, y: 54, r: 1824, b: 1026 }, faces: { x: 96, y: 54, r: 1824, b: 1026 }, portrait: { x: 54, y: 96, r: 1026, b: 1824 } };
  const pairs = [['Kim Kyung-hoon', 'Jang Dong-min'], ['Jang Dong-min', 'Kim Kyung-hoon'], ['김경훈', '장동민'], ['남궁민수', '선우예권']];
  const cases = [...pairs.map(([a1, a2]) => [a1, a2, 0.62, '62%', '38%']), ['Kim Kyung-hoon', 'Jang Dong-min', 0.999, '100%', '0%']];
  for (const lang of ['en', 'ko']) {
    const names = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    await names.goto(`${base}/overlay.html?template=1&lang=${lang}`);
    await names.waitForFunction(() => typeof window.update === 'function');
    // Every case painted and measured in one evaluate (update() paints at once).
    const docs = [];
    for (const [a1, a2, p1, t1, t2] of cases) {
      for (const layout of ['landscape', 'portrait', 'faces']) {
        const doc = { ...frame(['scorebug', 'win-bar']),
          players: fixture.players.map((pl, i) => ({ ...pl, name: i ? a2 : a1 })),
          layout: { ...fixture.layout, name: layout, theme: layout, orientation: layout === 'portrait' ? 'portrait' : 'landscape' } };
        doc.analysis = { ...analysis, win: { ...analysis.win, player1: { p: p1, low: p1 - 0.03, high: p1 }, player2: { p: 1 - p1, low: 0, high: 1 - p1 + 0.03 },
          sides: [`${a1} ${t1}`, `${t2} ${a2}`] } };
        docs.push({ what: `${a1} / ${a2} ${t1}, ${layout}, ${lang}`, want: [`${a1} ${t1}`, `${t2} ${a2}`], doc, safe: SAFE[layout] });
      }
    }
    await show(names, docs[0].doc);  // the fonts loaded
    const measured = await names.evaluate((all) => all.map(({ doc }) => {
      window.update(doc);
      const bar = document.querySelector('.analysis-layer .win-bar');
      if (!bar) return null;
      // Canvas pixels: the stage is its layout's canvas fitted into the viewport (portrait's scaled down).
      const stage = document.getElementById('stage'), o = stage.getBoundingClientRect(), k = o.width / stage.offsetWidth;
      const c = (r) => ({ x: (r.x - o.x) / k, y: (r.y - o.y) / k, r: (r.right - o.x) / k, b: (r.bottom - o.y) / k });
      return { bar: c(bar.getBoundingClientRect()), texts: [...bar.querySelectorAll('.win-text, .win-note')].map((n) => {
        const range = document.createRange();
        range.selectNodeContents(n);
        const t = range.getBoundingClientRect(), box = c(n.getBoundingClientRect());
        return { text: n.textContent, px: parseFloat(getComputedStyle(n).fontSize) * (parseFloat(getComputedStyle(document.getElementById('stage')).getPropertyValue('--text-line')) || 1), cut: n.scrollWidth > n.clientWidth,
          ink: c(t), box: { x: box.x, r: box.r } };
      }) };
    }), docs);
    docs.forEach(({ what, want, safe }, i) => {
      const got = measured[i];
      check(got && got.texts.length === 3, `${what}: both names and the note`);
      if (!got) return;
      const [n1, n2, note] = got.texts;
      const inside = (o, r) => r.x >= o.x - 0.5 && r.y >= o.y - 0.5 && r.r <= o.r + 0.5 && r.b <= o.b + 0.5;
      const apart = (p, q) => p.r <= q.x + 0.5 || q.r <= p.x + 0.5 || p.b <= q.y + 0.5 || q.b <= p.y + 0.5;
      for (const t of [n1, n2, note]) {
        check(!t.cut && t.px >= 24 - 1e-3 && t.ink.r - t.ink.x <= t.box.r - t.box.x + 0.5,
          `${what}: "${t.text}" whole at ${t.px} px (at least 24)`);
        check(inside(got.bar, t.ink) && inside(safe, t.ink), `${what}: "${t.text}" inside the bar and title safe (${JSON.stringify([got.bar, t.ink])})`);
      }
      check(n1.text === want[0] && n2.text === want[1], `${what}: the names as the frame says`);
      check(apart(n1.ink, n2.ink) && apart(n1.ink, note.ink) && apart(n2.ink, note.ink), `${what}: the names and the note apart`);
    });
    await names.close();
  }

  // The deduction lies on the board on air (the frame's layout.deduction,
  // broadcast/elements.h deduction_placement): in faces with the full board
  // cued, each heat cell on its square of the full board; with the small
  // board, on the small board's.
  const faces = await open('');
  const b9index = squareOf('b9', fixture.board.files);
  for (const [on, under, part] of [[['scorebug', 'board', 'deduction'], 'board', 'board'],
    [['scorebug', 'board-compact', 'deduction'], 'board_compact', 'compact']]) {
    const doc = { ...frame(on), layout: { ...fixture.layout, name: 'faces', theme: 'faces', orientation: 'landscape', deduction: under } };
    await show(faces, doc);
    const got = await faces.evaluate(({ part, square }) => {
      const centre = (e) => { if (!e) return null; const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; };
      return { heat: centre(document.querySelector('.analysis-layer .heat[data-square="b9"]')),
        tile: centre(document.querySelector(`.part-${part} .tile[data-square="${square}"]`)) };
    }, { part, square: b9index });
    check(got.heat && got.tile && Math.abs(got.heat.x - got.tile.x) < 1 && Math.abs(got.heat.y - got.tile.y) < 1,
      `faces, deduction over ${under}: the heat on b9 lies on the ${part} board's b9 (${JSON.stringify(got)})`);
  }
  await faces.close();

  // Goldens: both elements in each layout and language, the board under them.
  for (const lang of ['en', 'ko']) {
    for (const layout of ['landscape', 'portrait', 'faces']) {
      const name = `analysis-${layout}-${lang}`;
      const on = layout === 'faces' ? ['scorebug', 'caption', 'board-compact', 'deduction', 'win-bar'] : [...BASE, 'deduction', 'win-bar'];
      const doc = { ...frame(on), layout: { ...fixture.layout, name: layout, theme: layout, orientation: layout === 'portrait' ? 'portrait' : 'landscape' } };
      const p = await shown(lang, doc);
      s = await read(p);
      check(s.bar !== null && s.heat.length === 3, `${name}: the bar and the heat map show`);
      check(s.note === analysis.win.note[lang], `${name}: the note in the frame's language (${s.note})`);
      legible(s, name);
      await matchesGolden(p, name);
    }
  }

  // The deduction as a viewer sees it in every game and preset, both languages: the real public
  // deduction's frames (tests/browser/fixtures/deduction/NAME.json, written by overlay_tests
  // "deduction fixtures"; the ImGui goldens of the same: tests/overlay/golden/deduction-*.png).
  // Every label drawn lies inside its own cell and touches no other (measured in the page's font),
  // every label with an identity carries its number unless certain, and the headline shows.
  const deductionDir = path.join(here, 'fixtures/deduction');
  for (const file of fs.readdirSync(deductionDir).filter((f) => f.endsWith('.json') && !f.endsWith('.record.json')).sort()) {
    const id = file.replace(/\.json$/, '');
    const doc = JSON.parse(fs.readFileSync(path.join(deductionDir, file), 'utf8'));
    for (const lang of ['en', 'ko']) {
      const name = `deduction-${id}-${lang}`;
      const p = await shown(lang, doc);
      const got = await p.evaluate(() => {
        const ink = (n) => { const r = document.createRange(); r.selectNodeContents(n); const b = r.getBoundingClientRect(); return { x: b.x, y: b.y, r: b.right, b: b.bottom }; };
        const labels = [...document.querySelectorAll('.analysis-layer .analysis-deduction:not(.element-off) .odds, .analysis-layer .analysis-deduction:not(.element-off) .heat-label')]
          .map((n) => ({ text: n.textContent, ink: ink(n), cut: n.scrollWidth > n.clientWidth }));
        const tiles = Object.fromEntries([...document.querySelectorAll('.part-board .tile')].map((t) => [t.dataset.square, t.getBoundingClientRect()]));
        const lead = [...document.querySelectorAll('.analysis-layer .headline-lead')].map((n) => n.textContent);
        const places = [...document.querySelectorAll('.analysis-layer .headline-places')].map((n) => n.textContent);
        return { labels, lead, places, legend: document.querySelector('.analysis-layer .headline-legend')?.textContent ?? '', tiles: Object.keys(tiles).length };
      });
      const heads = (doc.analysis.deduction.headline || []);
      check(got.lead.length === heads.length && got.lead.length > 0 && got.legend.length > 0,
        `${name}: the headline (${got.lead.join(' | ')} / ${got.places.join(' | ')}) and the legend`);
      check(got.places.every((t) => t === '' || /\d+%|^[a-z]\d+$/.test(t)), `${name}: each headline square with its number (${got.places.join(' | ')})`);
      let apart = true, whole = true, numbered = true;
      for (let i = 0; i < got.labels.length; i++) {
        const a = got.labels[i];
        if (a.cut) whole = false;
        if (!/%$/.test(a.text) && doc.analysis.pieces.every((pc) => !(pc.certain && pc.text[lang] === a.text))) numbered = false;
        for (let j = i + 1; j < got.labels.length; j++) {
          const b = got.labels[j];
          if (a.ink.x < b.ink.r && b.ink.x < a.ink.r && a.ink.y < b.ink.b && b.ink.y < a.ink.b) apart = false;
        }
      }
      check(apart && whole && numbered, `${name}: ${got.labels.length} labels, whole, apart, each with its number unless certain (${got.labels.map((l) => l.text).join(', ')})`);
      await matchesGolden(p, name);
    }
  }

  // Issue 32: the win bar with 26-character names (the frame shortens them,
  // broadcast/win_names.h: the number stays whole) and decided (the result,
  // no note), both languages; a stage where the bar does not air is the
  // element off (the frame's elements), nothing painted.
  for (const lang of ['en', 'ko']) {
    for (const [kind, win] of [
      ['long-name', { ...analysis.win, sides: ['A. Kowalczyk-Brenna 62%', '38% B. Fitzgerald-Lee'] }],
      ['decided', { ...analysis.win, player1: { p: 1, low: 1, high: 1 }, player2: { p: 0, low: 0, high: 0 },
        decided: true, playouts: 0, sides: [`${n1} 100%`, `0% ${n2}`], note: null }],
      ['hidden-stage', null]]) {
      const name = `winbar-${kind}-${lang}`;
      const doc = { ...frame(win ? [...BASE, 'win-bar'] : BASE), layout: { ...fixture.layout, name: 'landscape', theme: 'landscape', orientation: 'landscape' } };
      if (win) doc.analysis = { ...analysis, win };
      else doc.elements['win-bar'] = { on: false, cued: true, held: false, idle: 'win bar off in the end' };
      const p = await shown(lang, doc);
      s = await read(p);
      if (!win) {
        check(s.bar === null, `${name}: no bar where the rule keeps it off`);
      } else {
        check(s.bar !== null, `${name}: the bar shows`);
        check(JSON.stringify(s.bar.texts) === JSON.stringify(win.sides), `${name}: the frame's sides (${JSON.stringify(s.bar.texts)})`);
        const fit = await p.evaluate(() => [...document.querySelectorAll('.analysis-layer .win-bar:not(.element-off) .win-text')].map((t) => t.scrollWidth <= t.clientWidth + 1));
        check(fit.every(Boolean), `${name}: each side fits its place, the number whole (${fit})`);
        check(kind !== 'decided' || !s.note, `${name}: no note once decided (${s.note})`);
        legible(s, name);
      }
      await matchesGolden(p, name);
    }
  }
} finally {
  await browser.close();
  server.close();
}
process.exit(tally.failed ? 1 : 0);
