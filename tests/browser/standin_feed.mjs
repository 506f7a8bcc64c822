// A stand-in for facedown-feed, for the browser tests only: serves feed/web and
// the on-air routes (GET /on-air, GET /on-air/stream as Server-Sent Events with
// an id on every message and ping heartbeats every 2 s) from JSON the test pushes
// (POST /_test/push). Used when the real feed is not built; the real one is
// preferred (see overlay_test.mjs).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

// steps: the on-air JSONs of match 1 as aired, for /matches and /replay/1.
export function startStandin(webDir, initial, steps = [initial]) {
  let current = initial;
  let seq = 1;
  const history = [];  // [id, json] for Last-Event-ID resumes
  const clients = new Set();
  const resumes = [];  // the Last-Event-ID of each stream request (0: none)
  const record = (json) => {
    history.push([seq, json]);
    for (const res of clients) res.write(`id: ${seq}\ndata: ${json}\n\n`);
    seq += 1;
  };
  record(JSON.stringify(initial));
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (req.method === 'POST' && url.pathname === '/_test/push') {
      let body = '';
      req.on('data', (c) => { body += c; });
      req.on('end', () => {
        current = JSON.parse(body);
        record(JSON.stringify(current));
        res.end('ok');
      });
      return;
    }
    const send = (type, body) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    if (url.pathname === '/matches.json') {
      send('application/json', JSON.stringify([{ id: 1, game: 'number-janggi', players: ['Jang Dong-min', 'Kim Kyung-hoon'], status: 'playing', events: steps.length - 1 }]));
      return;
    }
    if (url.pathname === '/matches') return send(TYPES['.html'], fs.readFileSync(path.join(webDir, 'matches.html')));
    if (url.pathname === '/replay/1') return send(TYPES['.html'], fs.readFileSync(path.join(webDir, 'replay.html')));
    if (url.pathname === '/replay/1/steps') {
      // Every row a stop: the stand-in has no log to group.
      const stops = steps.slice(1).map((_, i) => i + 1);
      return send('application/json', JSON.stringify({ match: 1, total: steps.length - 1, moves: stops, events: stops }));
    }
    if (url.pathname === '/replay/1/on-air') {
      const n = Math.max(0, Math.min(steps.length - 1, Number(url.searchParams.get('step')) || 0));
      return send('application/json', JSON.stringify({ ...steps[n], replay: true }));
    }
    if (url.pathname === '/on-air') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(current));
      return;
    }
    if (url.pathname === '/on-air/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      const last = Number(req.headers['last-event-id'] || 0);
      resumes.push(last);
      // The full model on connect, or what was missed since Last-Event-ID.
      const missed = last ? history.filter(([id]) => id > last) : history.slice(-1);
      for (const [id, json] of missed) res.write(`id: ${id}\ndata: ${json}\n\n`);
      clients.add(res);
      // The real feed's idle heartbeat: a comment and a ping event (the page's sign of life).
      const beat = setInterval(() => res.write(': hb\nevent: ping\ndata: {"every_ms":2000}\n\n'), 2000);
      req.on('close', () => { clients.delete(res); clearInterval(beat); });
      return;
    }
    const file = path.join(webDir, path.normalize(url.pathname).replace(/^\/+/, '') || 'overlay.html');
    if (!file.startsWith(webDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const base = `http://127.0.0.1:${server.address().port}`;
      resolve({
        base,
        // In-process push: the write to every stream is the "commit".
        pushNow: (obj) => {
          current = obj;
          record(JSON.stringify(obj));
        },
        push: async (obj) => { await fetch(`${base}/_test/push`, { method: 'POST', body: JSON.stringify(obj) }); },
        resumes,
        // Drops every stream connection (a network blip); EventSource reconnects.
        drop: () => { for (const c of clients) c.destroy(); clients.clear(); },
        close: () => new Promise((r) => { for (const c of clients) c.destroy(); server.close(r); }),
      });
    });
  });
}
