// The browser tests' own little servers (feed_lost, cross_output, elements, ...)
// serve feed/web the way the feed does for these files: a plain name under the
// web root with its content type, 404 for anything else (no traversal).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';

export const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json' };

// Answers `res` with the file `url` names under webDir, or 404.
export function serveWebFile(webDir, url, res) {
  const file = path.join(webDir, path.normalize(url.pathname).replace(/^\/+/, ''));
  if (!file.startsWith(webDir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    res.writeHead(404);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream' });
  res.end(fs.readFileSync(file));
}

// A server of webDir on an ephemeral loopback port: `route(req, res, url)` answers
// first and returns true when it did (a test's own stream, a swapped file).
// Resolves to { server, base } (base: its http://127.0.0.1:PORT).
export async function serveWeb(webDir, route = () => false) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (!route(req, res, url)) serveWebFile(webDir, url, res);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${server.address().port}` };
}
