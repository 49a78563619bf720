// A static server for the built page, on 127.0.0.1 only.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.case': 'text/plain; charset=utf-8',
};

/** Serve `root`; resolves to { url, close }. */
export function serve(root) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    let p = path.resolve(base, '.' + decodeURIComponent(url.pathname));
    if (!p.startsWith(base)) {
      res.writeHead(403).end();
      return;
    }
    if (p === base || p.endsWith('/')) {
      p = path.join(p, 'index.html');
    }
    fs.readFile(p, (err, data) => {
      if (err) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': TYPES[path.extname(p)] || 'application/octet-stream' });
      res.end(data);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}
