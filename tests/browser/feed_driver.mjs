// The live feed a browser test runs against, behind one interface:
//   real:    facedown-feed --db F --latest, with `facedown play --db F -` as the
//            desk: each line written to its stdin is committed before its events
//            are printed, so a printed line marks the commit.
//   standin: standin_feed.mjs with the fixture JSON (when facedown-feed is not built).
// commit(line) returns { sentAt, committedAt } in epoch milliseconds.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startStandin } from './standin_feed.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

// A line reader over a child's stdout: next() resolves with the next line.
function lines(stream) {
  let buf = '';
  const waiting = [], ready = [];
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      const at = Date.now();
      if (waiting.length) waiting.shift()({ line, at });
      else ready.push({ line, at });
    }
  });
  return {
    next: (ms = 10000) =>
      ready.length
        ? Promise.resolve(ready.shift())
        : new Promise((resolve, reject) => {
            const t = setTimeout(() => reject(new Error('no output from facedown play')), ms);
            waiting.push((v) => { clearTimeout(t); resolve(v); });
          }),
    drain: () => ready.splice(0),
  };
}

export async function startRealFeed({ feedBin, facedownBin, script, feedArgs = [] }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facedown-browser-'));
  const db = path.join(dir, 'match.db');
  // stdbuf: line-buffered stdout, so each printed line arrives as it is committed.
  const desk = spawn('stdbuf', ['-oL', facedownBin, 'play', '--db', db, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let deskErr = '';
  desk.stderr.on('data', (c) => { deskErr += c; });
  const out = lines(desk.stdout);
  let sync = 0;
  // Writes lines and waits until the desk has committed all of them.
  const feedLines = async (text) => {
    const tag = `sync-${++sync}`;
    desk.stdin.write(`${text}\nnote "${tag}"\n`);
    for (;;) {
      const { line } = await out.next(20000).catch((e) => { throw new Error(`${e.message}: ${deskErr}`); });
      if (line.includes(tag)) return;
    }
  };
  await feedLines(script);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const feed = spawn(feedBin, ['--db', db, '--listen', `127.0.0.1:${port}`, '--latest', ...feedArgs], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 100; ++i) {
    try {
      const r = await fetch(`${base}/on-air`);
      if (r.ok) break;
    } catch (e) { /* not listening yet */ }
    await sleep(100);
  }
  return {
    kind: 'real',
    base,
    feedLines,
    async commit(line) {
      out.drain();
      const sentAt = Date.now();
      desk.stdin.write(`${line}\n`);
      const { at } = await out.next();
      return { sentAt, committedAt: at };
    },
    async onAir() { return (await fetch(`${base}/on-air`)).json(); },
    async close() {
      feed.kill('SIGTERM');
      desk.stdin.end();
      await sleep(200);
      desk.kill('SIGTERM');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startStandinFeed({ webDir, fixture, steps }) {
  let current = JSON.parse(JSON.stringify(fixture));
  const s = await startStandin(webDir, current, steps);
  return {
    kind: 'standin',
    base: s.base,
    standin: s,
    async commit(line) {
      const m = /^caption "(.*)"$/.exec(line);
      current = { ...current, seq: current.seq + 1, caption: m ? m[1] : current.caption };
      const sentAt = Date.now();
      s.pushNow(current);
      return { sentAt, committedAt: sentAt };
    },
    async onAir() { return current; },
    close: () => s.close(),
  };
}
