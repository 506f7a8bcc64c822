// Node tests of the overlay's pure modules (no browser): the on-air reader,
// the clock, the layout. Run by ctest as browser_model (node --test).
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readOnAir } from '../../feed/web/onair.js';
import { boardLayout, canvasOf, fitTransform, layoutMetrics, overlayLayout, squareIndex, squareName, safeArea, themeProperties } from '../../feed/web/layout.js';
import { clockSeconds, formatClock, battleElapsed, nextWarningSeconds } from '../../feed/web/scene.js';
import { theme, themeError, checkTheme } from '../../feed/web/theme.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));

// A small deterministic generator, so a failure can be replayed from its seed.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

test('the fixture reads into a scene with both languages', () => {
  const ko = readOnAir(fixture, 'ko'), en = readOnAir(fixture, 'en');
  assert.equal(ko.game.title, '숫자 장기');
  assert.equal(en.game.title, 'Number Janggi');
  assert.equal(en.players[1], 'Kim Kyung-hoon');
  assert.equal(en.board.size, fixture.board.squares.filter((q) => q.piece).length);
  assert.equal(en.battle.fighters.length, 2);
  assert.deepEqual(en.trays[0], { labels: ['3', null], during: 2, after: 2 });
  // The frame's tray: every tile once the battle is done, one fewer while it animates.
  assert.deepEqual(en.trays[1], { labels: ['8', '4'], during: 1, after: 2 });
  // Where the tiles go and their size are the frame's, per layout and language.
  assert.equal(en.parts.landscape.trays.length, 2);
  assert.ok(en.parts.portrait.trays[0].box.w > 0 && en.parts.faces.winBar.fill.w > 0 && en.parts.landscape.reveal.board.w > 0);
  assert.ok(en.parts.landscape.trays[0].after >= 24);
  assert.equal(en.battle.fighters[1].tag, '=5');
  assert.equal(ko.battle.explainer[0], '5 + 9 = 14: 9 승리; +1 사용');
});

test('the explainer\'s line places: read per orientation, a bad list dropped whole', () => {
  const line = (y) => ({ x: 606, y, w: 708, h: 60 });
  const doc = (lines) => ({ ...fixture, battle: { ...fixture.battle, explainer_lines: lines } });
  const good = readOnAir(doc({ landscape: [line(250), line(700)], portrait: [line(274)] }), 'en');
  assert.deepEqual(good.battle.explainerLines.landscape, [line(250), line(700)]);
  assert.deepEqual(good.battle.explainerLines.portrait, [line(274)]);
  // Bad bytes from a desk or a hand-written frame: the page stacks the lines instead.
  const bad = [
    { landscape: [line(250), { x: 606, y: '700', w: 708, h: 60 }] },  // a string
    { landscape: [line(250), { x: 606, y: NaN, w: 708, h: 60 }] },
    { landscape: [line(250), null] },
    { landscape: [] },
    { landscape: 'x\u0000\r\n' + 'y'.repeat(1 << 20) },  // NUL, CR, a 1 MB string
    { landscape: { 0: line(250), length: 1 } },  // not an array
    'explainer_lines', 7, null,
  ];
  for (const b of bad) assert.equal(readOnAir(doc(b), 'en').battle.explainerLines.landscape, null, JSON.stringify(b).slice(0, 80));
  // Huge numbers stay numbers (finite): painted where they say, off the stage.
  assert.deepEqual(readOnAir(doc({ landscape: [line(1e300)] }), 'en').battle.explainerLines.landscape, [line(1e300)]);
  assert.equal(readOnAir(doc({ landscape: [line(Infinity)] }), 'en').battle.explainerLines.landscape, null);
});

test('the game\'s words come from the document, never from the page', () => {
  const ko = readOnAir(fixture, 'ko'), en = readOnAir(fixture, 'en');
  assert.equal(ko.items[0][0].text, '블라인드');
  assert.equal(en.items[0][0].text, 'Blind');
  // Another game's word for the same item is what goes on air.
  const renamed = JSON.parse(JSON.stringify(fixture));
  renamed.items.names.blind = { en: 'Veil', ko: '가림' };
  assert.equal(readOnAir(renamed, 'ko').items[1][0].text, '가림');
  const warned = { ...fixture, warning: { seq: 9, player: 1, kind: 'time', kind_text: { en: 'time', ko: '시간' },
    text: { en: 'turn reached 30 s', ko: '차례 시간 30초 도달' }, total: 1, of: 2, wall_time: fixture.now, toast: true } };
  assert.equal(readOnAir(warned, 'ko').toast.sub, '차례 시간 30초 도달');
});

test('a face-down piece stays face down: the reader never gives it a label', () => {
  const sc = readOnAir(fixture, 'en');
  for (const q of fixture.board.squares) {
    const s = squareIndex(q.square, fixture.board.files);
    if (q.piece) assert.equal(sc.board.get(s).label, q.piece.token);
    else assert.equal(sc.board.has(s), false);
  }
});

test('random damage to the JSON never throws (500 mutants)', () => {
  const r = rng(11);
  const values = [null, 0, -1, 1e9, '', 'x', [], {}, true, [1, 'a'], { square: 'z9' }];
  const keys = (o, out = [], pre = []) => {
    if (o && typeof o === 'object') for (const k of Object.keys(o)) { out.push([...pre, k]); keys(o[k], out, [...pre, k]); }
    return out;
  };
  const all = keys(fixture);
  for (let i = 0; i < 500; ++i) {
    const m = JSON.parse(JSON.stringify(fixture));
    for (let n = 0; n < 1 + Math.floor(r() * 4); ++n) {
      const p = all[Math.floor(r() * all.length)];
      let o = m;
      for (const k of p.slice(0, -1)) o = o && typeof o === 'object' ? o[k] : undefined;
      if (o && typeof o === 'object') {
        if (r() < 0.3) delete o[p[p.length - 1]];
        else o[p[p.length - 1]] = values[Math.floor(r() * values.length)];
      }
    }
    for (const lang of ['ko', 'en']) {
      const sc = readOnAir(m, lang);
      assert.ok(sc === null || typeof sc === 'object', `mutant ${i}`);
    }
  }
  for (const junk of [null, 3, 'x', [], { game: 5 }, { game: { files: 1e6, ranks: 1e6 } }]) readOnAir(junk, 'en');
});

test('counts that size the drawing are clamped (a damaged message cannot build a million nodes)', () => {
  const players = [{ ...fixture.players[0], warnings_to_dq: 1e12, warnings: 1e9 }, { ...fixture.players[1], warnings: -4 }];
  const sc = readOnAir({ ...fixture, players }, 'en');
  assert.equal(sc.warningsToDq, 9);
  assert.deepEqual(sc.warnings, [9, 0]);
  const huge = { ...fixture.players[0].tray, labels: Array(1e5).fill({ en: '3' }), during: 1e9, after: 1e9 };
  const many = readOnAir({ ...fixture, players: [{ ...fixture.players[0], tray: huge }, fixture.players[1]] }, 'en');
  assert.ok(many.trays[0].labels.length <= 64 && many.trays[0].after <= 64 && many.trays[0].during <= 64);
  // A damaged part is dropped: the page paints no tray it was not told where to put.
  const broken = readOnAir({ ...fixture, layout: { ...fixture.layout, parts: { landscape: { trays: [{ box: 'x' }, {}] } } } }, 'en');
  assert.equal(broken.parts.landscape.trays, null);
  assert.equal(broken.parts.landscape.winBar, null);
});

test('the clock counts from its base and freezes when not running', () => {
  const c = { running: true, countsDown: true, seconds: 60, asOf: 100, turnLimit: 60 };
  assert.equal(clockSeconds(c, 110), 50);
  assert.equal(clockSeconds({ ...c, running: false }, 110), 60);
  assert.equal(clockSeconds({ ...c, countsDown: false, seconds: 5 }, 110), 15);
  assert.equal(clockSeconds(c, 90), 60, 'a clock never runs backwards before its base');
  const standby = readOnAir({ ...fixture, standby: true }, 'en');
  assert.equal(standby.clock.running, false, 'standby freezes the clock');
  assert.equal(clockSeconds(standby.clock, fixture.now + 30), fixture.clock.seconds);
  const held = readOnAir({ ...fixture, held: true, battle: { ...fixture.battle, elapsed: 1.2 } }, 'en');
  assert.equal(held.clock.running, true, 'a hold never freezes the clock');
  assert.equal(battleElapsed(held, fixture.now + 100), 1.2, 'a hold freezes the battle');
});

test('clock text: down rounds up, up rounds down, never negative', () => {
  assert.equal(formatClock(0.2, true), '0:01');
  assert.equal(formatClock(59.01, true), '1:00');
  assert.equal(formatClock(59.99, false), '0:59');
  assert.equal(formatClock(65, false), '1:05');
  assert.equal(formatClock(-3, true), '0:00');
});

test('a battle animates only inside its duration', () => {
  const sc = readOnAir(fixture, 'en');
  const t0 = fixture.battle.start;
  assert.equal(battleElapsed(sc, t0 - 1), -1);
  assert.equal(battleElapsed(sc, t0 + 1.5), 1.5);
  assert.equal(battleElapsed(sc, t0 + fixture.battle.duration.total + 0.01), -1);
  const later = readOnAir({ ...fixture, now: t0 + 1, battle: { ...fixture.battle, elapsed: 1 } }, 'en');
  assert.equal(later.battle.start, t0, 'the start follows from now and elapsed');
});

test('the theme loads and every element lies inside the safe area', () => {
  assert.equal(themeError, null);
  for (const orientation of ['landscape', 'portrait', 'faces']) {
    const safe = safeArea(theme, orientation);  // the layout's canvas (portrait's is 1080x1920)
    for (const [name, r] of Object.entries(theme.layouts[orientation].elements)) {
      assert.ok(r.x >= safe.x - 0.5 && r.x + r.w <= safe.x + safe.w + 0.5, `${orientation} ${name} across`);
      assert.ok(r.y >= safe.y - 0.5 && r.y + r.h <= safe.y + safe.h + 0.5, `${orientation} ${name} down`);
    }
  }
  const props = themeProperties(theme);
  assert.equal(props['--gold'], theme.palette.gold);
  assert.equal(props['--fs-title'], `${theme.type.title}px`);
  assert.match(checkTheme({ ...theme, palette: { ...theme.palette, gold: 'gold' } }), /palette.gold/);
  assert.match(checkTheme({ ...theme, version: 2 }), /version/);
  // The offsets inside elements: CSS gets them as --m-GROUP-NAME, a bad one is refused by name.
  assert.equal(props['--m-panel-chip-h'], String(theme.metrics.panel.chip_h));
  assert.match(checkTheme({ ...theme, metrics: { ...theme.metrics, panel: { ...theme.metrics.panel, chip_h: '40' } } }), /metrics.panel.chip_h/);
  assert.match(checkTheme({ ...theme, metrics: undefined }), /metrics/);
});

test('portrait is a vertical picture: its own canvas and metrics, fitted into any viewport', () => {
  assert.deepEqual(canvasOf(theme, 'portrait'), { w: 1080, h: 1920 });
  assert.deepEqual(canvasOf(theme, 'landscape'), { w: 1920, h: 1080 });
  assert.deepEqual(canvasOf(theme, 'no-such-layout'), { w: 1920, h: 1080 });
  const safe = safeArea(theme, 'portrait');
  for (const [k, v] of Object.entries({ x: 54, y: 96, w: 972, h: 1728 })) assert.ok(Math.abs(safe[k] - v) < 1e-6, `safe ${k}`);
  // Portrait's scorebug metrics over the shared ones; the others untouched.
  const own = theme.layouts.portrait.metrics.scorebug;
  assert.equal(layoutMetrics(theme, 'portrait', 'scorebug').clock_y, own.clock_y);
  assert.equal(layoutMetrics(theme, 'portrait', 'scorebug').pad_x, theme.metrics.scorebug.pad_x);
  assert.equal(layoutMetrics(theme, 'landscape', 'scorebug').clock_y, theme.metrics.scorebug.clock_y);
  assert.equal(layoutMetrics(theme, 'portrait', 'panel'), theme.metrics.panel);
  // A canvas that fills the viewport is not transformed; another is scaled and centred.
  assert.equal(fitTransform({ w: 1920, h: 1080 }, 1920, 1080), 'none');
  assert.equal(fitTransform({ w: 1080, h: 1920 }, 1080, 1920), 'none');
  assert.equal(fitTransform({ w: 1080, h: 1920 }, 1920, 1080), `translate(${(1920 - 1080 * 0.5625) / 2}px, 0px) scale(0.5625)`);
  assert.equal(fitTransform({ w: 1080, h: 1920 }, 0, 0), 'none');
  // The page refuses a layout's canvas or metrics that are not numbers.
  const bad = (l) => checkTheme({ ...theme, layouts: { ...theme.layouts, portrait: { ...theme.layouts.portrait, ...l } } });
  assert.match(bad({ canvas: { width: '1080', height: 1920 } }), /layouts.portrait.canvas/);
  assert.match(bad({ metrics: { scorebug: { clock_y: 'x' } } }), /layouts.portrait.metrics.scorebug.clock_y/);
  assert.match(bad({ metrics: { scorebug: 5 } }), /layouts.portrait.metrics.scorebug is not an object/);
  assert.match(checkTheme({ ...theme, layouts: { ...theme.layouts, extra: null } }), /layouts.extra is not an object/);
  assert.equal(bad({}), null);
});

test('the board is laid out from the frame\'s drawing, fitted into the theme\'s board element', () => {
  const sc = readOnAir(fixture, 'en');
  for (const orientation of ['landscape', 'portrait']) {
    const d = sc.game.drawing[orientation];
    const l = overlayLayout(theme, orientation, d);
    const seen = new Set();
    for (let s = 0; s < sc.game.files * sc.game.ranks; ++s) {
      const c = l.board.squareRect(s);
      const key = `${Math.round(c.x)},${Math.round(c.y)}`;
      assert.ok(!seen.has(key), `${orientation}: square ${s} overlaps`);
      seen.add(key);
      assert.ok(c.x >= l.boardSpace.x - 0.5 && c.x + c.w <= l.boardSpace.x + l.boardSpace.w + 0.5);
      assert.ok(c.y >= l.boardSpace.y - 0.5 && c.y + c.h <= l.boardSpace.y + l.boardSpace.h + 0.5);
    }
  }
  // A document without the drawing is not drawn as a board (the page has no geometry of its own).
  const bare = JSON.parse(JSON.stringify(fixture));
  delete bare.board.drawing;
  assert.equal(readOnAir(bare, 'en').game, undefined);
});

test('Number Janggi is turned in landscape (player 1 left) and upright in portrait', () => {
  const sc = readOnAir(fixture, 'en');
  const space = { x: 0, y: 0, w: 900, h: 600 };
  const land = boardLayout(sc.game.drawing.landscape, space), port = boardLayout(sc.game.drawing.portrait, space);
  assert.equal(land.turned, true);
  assert.equal(port.turned, false);
  assert.ok(land.squareRect(squareIndex('a1', 6)).x < land.squareRect(squareIndex('a9', 6)).x, 'rank 1 on the left');
  assert.ok(port.squareRect(squareIndex('a1', 6)).y > port.squareRect(squareIndex('a9', 6)).y, 'rank 1 at the bottom');
});

test('the next time warning counts down with a running clock and stands with a stopped one', () => {
  const c = { running: true, countsDown: false, seconds: 10, asOf: 100, nextWarning: 20 };
  assert.equal(nextWarningSeconds(c, 105), 15);
  assert.equal(nextWarningSeconds(c, 200), 0);
  assert.equal(nextWarningSeconds({ ...c, running: false }, 105), 20);
  assert.equal(nextWarningSeconds({ ...c, nextWarning: 0 }, 105), 0);
});

test('square names round-trip', () => {
  for (let s = 0; s < 6 * 9; ++s) assert.equal(squareIndex(squareName(s, 6), 6), s);
  assert.equal(squareIndex('g1', 6), -1);
  assert.equal(squareIndex('a0', 6), -1);
  assert.equal(squareIndex(null, 6), -1);
});
