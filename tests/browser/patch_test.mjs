// Issue 31 item 5 in the browser: the page's own RFC 6902 apply
// (feed/web/json_patch.js) and stream follower (feed/web/feed_stream.js), in
// headless chromium, on the sequences the C++ property test produced
// (feed_tests "[patch][property]" with FACEDOWN_PATCH_SEQUENCES: fuzzed JSON
// through the message log, and real frames of random matches off the feed's
// versioned stream). Checks:
//   - every body, taken in order, gives exactly the frame the feed had (keys
//     compared in any order), and each patch applied alone to its base frame too;
//   - the input frame is never changed by an apply;
//   - the CasparCG template's update() takes the same bodies: no error, every
//     patch applied, and a patch on a frame it does not hold is refused;
//   - RFC 6902's other ops (move, copy, test) and bad patches (a missing path,
//     a bad index, a failing test) throw and change nothing;
//   - the page on its own (stand-in) stream asks for ?v=2, and a patch on a
//     frame it does not hold makes it connect afresh (no Last-Event-ID), after
//     which the full frame and the patch on it apply and show.
// Exit: 0 passed, 1 a check failed, 77 skipped (no chromium).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveWeb } from './web_files.mjs';
import { arg, checks, CHROMIUM, loadChromium } from './browser_env.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const webDir = path.resolve(arg('web', path.join(here, '../../feed/web')));
const sequencesFile = arg('sequences');
if (!sequencesFile || !fs.existsSync(sequencesFile)) {
  console.log(`FAIL: no sequences file (--sequences; feed_tests writes it with FACEDOWN_PATCH_SEQUENCES): ${sequencesFile}`);
  process.exit(1);
}
const chromium = await loadChromium();
const text = fs.readFileSync(sequencesFile, 'utf8');
// A stand-in versioned stream for the page's own connection: the first
// connection sends a full frame and then a patch on a frame the page never had
// (a missed message); the page must connect afresh (no Last-Event-ID), and the
// second connection's full frame and patch must then apply.
const fixture = JSON.parse(fs.readFileSync(path.join(here, 'fixtures/sample-battle.json'), 'utf8'));
const streamRequests = [];
const open = [];
const sse = (id, event, body) => `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(body)}\n\n`;
const { server, base } = await serveWeb(webDir, (req, res, url) => {
  if (url.pathname === '/on-air/stream') {
    streamRequests.push({ query: url.search, lastEventId: req.headers['last-event-id'] ?? null });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    open.push(res);
    const frame = { ...fixture, now: Date.now() / 1000, caption: `connection ${streamRequests.length}` };
    if (streamRequests.length === 1) {
      // nchan starts a viewer some messages back: a patch before the first full frame is skipped, no reconnect.
      res.write('retry: 1000\n\n' + sse('1.0.0', 'patch', { match: 1, seq: 0, id: '1.0.0', base: '0.9.0', base_seq: 9, ops: [] }) +
        sse('1.1.0', 'frame', { match: 1, seq: 1, id: '1.1.0', frame }));
      setTimeout(() => res.write(sse('1.3.0', 'patch', { match: 1, seq: 3, id: '1.3.0', base: '1.2.0', base_seq: 2,
        ops: [{ op: 'replace', path: '/caption', value: 'never' }] })), 300);
    } else {
      res.write('retry: 1000\n\n' + sse('1.3.0', 'frame', { match: 1, seq: 3, id: '1.3.0', frame }));
      setTimeout(() => res.write(sse('1.4.0', 'patch', { match: 1, seq: 4, id: '1.4.0', base: '1.3.0', base_seq: 3,
        ops: [{ op: 'replace', path: '/caption', value: 'patched' }] })), 300);
    }
    return true;
  }
  if (url.pathname !== '/sequences.jsonl') return false;
  res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
  return true;
});
const tally = checks();
const { check } = tally;
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
try {
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
  await page.goto(`${base}/overlay.html?template=1&lang=en`);
  const r = await page.evaluate(async () => {
    const { applyPatch, PatchError } = await import('/json_patch.js');
    const { FrameStream } = await import('/feed_stream.js');
    // Key order is not the document's meaning: compare canonically.
    const canon = (v) => (Array.isArray(v) ? `[${v.map(canon).join(',')}]`
      : v !== null && typeof v === 'object' ? `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`
        : JSON.stringify(v));
    const lines = (await (await fetch('/sequences.jsonl')).text()).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    const out = { sequences: lines.length, frames: 0, patches: 0, wrong: [], alone: 0, mutated: 0, largest: 0 };
    for (const [n, { frames, bodies }] of lines.entries()) {
      const stream = new FrameStream();
      bodies.forEach((body, i) => {
        const got = stream.accept(body);
        out.frames += 1;
        if (!got || canon(got) !== canon(frames[i])) {
          if (out.wrong.length < 5) out.wrong.push(`sequence ${n} message ${i} (${body.id})`);
          return;
        }
        if (Array.isArray(body.ops)) {
          out.patches += 1;
          const before = canon(frames[i - 1]);
          const alone = applyPatch(frames[i - 1], body.ops);
          if (canon(alone) === canon(frames[i])) out.alone += 1;
          if (canon(frames[i - 1]) !== before) out.mutated += 1;
        }
        out.largest = Math.max(out.largest, bodies.length);
      });
    }
    // The CasparCG template: update() with the longest real sequence's bodies.
    const real = lines.reduce((a, b) => (JSON.stringify(b.frames[0]).length > JSON.stringify(a.frames[0]).length ? b : a));
    const errorsBefore = window.facedownOverlay.status().errors;
    const accepted = real.bodies.map((b) => window.update(JSON.stringify(b)));
    const st = window.facedownOverlay.status();
    out.template = { accepted: accepted.filter(Boolean).length, total: accepted.length, errors: st.errors - errorsBefore,
      patches: st.frames.patches, id: st.frames.id, lastId: real.bodies[real.bodies.length - 1].id,
      wantPatches: real.bodies.filter((b) => Array.isArray(b.ops)).length };
    // A patch on a frame the template does not hold: refused, counted.
    const stray = { match: 1, seq: 1, id: '9.9.9', base: '9.9.8', base_seq: 9, ops: [] };
    out.template.stray = window.update(stray);
    out.template.strayErrors = window.facedownOverlay.status().errors - errorsBefore;
    // RFC 6902's other ops, and patches that must not apply.
    const doc = { a: { b: [1, 2, 3] }, 'x/y': 1, 't~': 2 };
    const rfc = [];
    const expect = (ops, want) => {
      try {
        rfc.push(canon(applyPatch(doc, ops)) === canon(want));
      } catch (e) {
        rfc.push(false);
      }
    };
    expect([{ op: 'move', from: '/a/b/0', path: '/a/c' }], { a: { b: [2, 3], c: 1 }, 'x/y': 1, 't~': 2 });
    expect([{ op: 'copy', from: '/a/b', path: '/z' }], { a: { b: [1, 2, 3] }, 'x/y': 1, 't~': 2, z: [1, 2, 3] });
    expect([{ op: 'test', path: '/x~1y', value: 1 }, { op: 'remove', path: '/t~0' }], { a: { b: [1, 2, 3] }, 'x/y': 1 });
    expect([{ op: 'add', path: '/a/b/1', value: 9 }, { op: 'add', path: '/a/b/-', value: 7 }],
      { a: { b: [1, 9, 2, 3, 7] }, 'x/y': 1, 't~': 2 });
    expect([{ op: 'replace', path: '', value: [1] }], [1]);
    const refused = [];
    for (const ops of [[{ op: 'remove', path: '/nope' }], [{ op: 'replace', path: '/a/b/3', value: 1 }],
      [{ op: 'add', path: '/a/b/01', value: 1 }], [{ op: 'test', path: '/x~1y', value: 2 }],
      [{ op: 'add', path: 'a', value: 1 }], [{ op: 'frobnicate', path: '/a' }], [{ op: 'move', from: '/a', path: '/a/b/x' }],
      [{ op: 'replace', path: '/a/b/0', value: 5 }, { op: 'remove', path: '/missing' }], 'not a list']) {
      try {
        applyPatch(doc, ops);
        refused.push(false);
      } catch (e) {
        refused.push(e instanceof PatchError);
      }
    }
    out.rfc = rfc;
    out.refused = refused;
    out.docUnchanged = canon(doc) === canon({ a: { b: [1, 2, 3] }, 'x/y': 1, 't~': 2 });
    return out;
  });
  console.log(`${r.sequences} sequences, ${r.frames} messages, ${r.patches} patches`);
  check(r.sequences >= 100, `the C++ test wrote its sequences (${r.sequences})`);
  check(r.wrong.length === 0, `every body, taken in order, gives the feed's frame${r.wrong.length ? `: wrong at ${r.wrong.join(', ')}` : ''}`);
  check(r.patches > 1000, `patches applied (${r.patches})`);
  check(r.alone === r.patches, `each patch alone on its base gives its frame (${r.alone} of ${r.patches})`);
  check(r.mutated === 0, 'applying never changes the frame it applies to');
  const t = r.template;
  check(t.accepted === t.total && t.errors === 0, `update() took every body of a real match (${t.accepted} of ${t.total}, ${t.errors} errors)`);
  check(t.patches >= t.wantPatches && t.wantPatches > 20, `update() applied its patches (${t.patches}, ${t.wantPatches} in the sequence)`);
  check(t.id === t.lastId, `the template holds the last frame (${t.id})`);
  check(t.stray === false && t.strayErrors === 1, 'a patch on a frame the template does not hold is refused');
  check(r.rfc.every(Boolean), `move, copy, test, add at an index and "-", replace of the root (${r.rfc})`);
  check(r.refused.every(Boolean), `bad patches throw PatchError (${r.refused})`);
  check(r.docUnchanged, 'a refused patch changes nothing');

  // The page on its own stream: a missed message makes it connect afresh.
  const live = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await live.goto(`${base}/overlay.html?lang=en`);
  // The page's module may still be starting when goto returns (a loaded machine).
  await live.waitForFunction(() => window.facedownOverlay && typeof window.facedownOverlay.status === 'function', null, { timeout: 10000 });
  let st = null;
  // Up to 30 s: on a loaded machine (the whole suite at -j2) the reconnect's retry can take a while.
  for (let i = 0; i < 300; ++i) {
    st = await live.evaluate(() => window.facedownOverlay.status());
    if (st.frames.id === '1.4.0') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  check(streamRequests.length >= 1 && streamRequests[0].query.includes('v=2'), `the page asks for the versioned stream (${streamRequests[0]?.query})`);
  check(st.reconnects === 1 && streamRequests.length === 2, `a patch on a frame it does not hold: one fresh connection (${st.reconnects}, ${streamRequests.length} requests)`);
  check(streamRequests.length === 2 && streamRequests[1].lastEventId === null, 'the fresh connection sends no Last-Event-ID (so the stream starts with a full frame)');
  check(st.frames.id === '1.4.0' && st.frames.patches === 1 && st.frames.dropped === 2,
    `then the full frame and the patch on it apply (id ${st.frames.id}, ${st.frames.patches} applied, ${st.frames.dropped} dropped)`);
  const caption = await live.evaluate(() => document.getElementById('stage').textContent.includes('patched'));
  check(caption, 'the patched caption is on the page');
  for (const res of open) res.end();
} catch (e) {
  console.log(`FAIL: ${e.stack}`);
  tally.failed = true;
} finally {
  await browser.close();
  server.close();
}
process.exit(tally.failed ? 1 : 0);
