// The page's tests in headless Chromium (Debian's chromium, driven by
// playwright-core with the system browser; doc/WEB.md, "Tests"):
//
//  1. goldens: every whole-program golden case of oracle/cases/{games,
//     saves,scores} played through the page (its keys typed through the
//     test interface, the terminal's buffer read back): every key frame
//     equals the golden's (text, standout, cursor), and every out-file the
//     golden keeps (saves, score files) equals the page's file byte for byte;
//  2. saves both ways: a game saved in the page restores in the native
//     rogue-trace and a save made by the native game restores in the page,
//     frame for frame the same as native, and the page's save has the
//     native save's bytes;
//  3. keyboard: a game typed as real key events gives the frames of the
//     same keys given to .type, and its record replays natively (rogue-trace)
//     frame for frame;
//  4. replays: a Rog-O-Matic dataset game opened by number plays back;
//  5. figures: the compressed WebAssembly, the time to interactive, the
//     time from a key to its frame drawn (asserted against the issue's
//     bounds and printed as JSON).
//
// Usage: node web/test/browser.mjs [--dist DIR] [--trace PATH-TO-rogue-trace]
//          [--sample N] [--screenshot PNG] [--only NAME-SUBSTRING]

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from './serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..', '..');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(name);
  return i < 0 ? dflt : process.argv[i + 1];
};
const dist = arg('--dist', path.join(root, 'web', 'dist'));
const traceBin = arg('--trace', path.join(root, 'target', 'release', 'rogue-trace'));
const sample = Number(arg('--sample', '0'));
const only = arg('--only', '');
const shot = arg('--screenshot', '');
const browserPath = process.env.CHROMIUM || '/usr/bin/chromium';

const failures = [];
function fail(what) {
  failures.push(what);
  console.log(`FAIL ${what}`);
}

// ---- the golden's frames --------------------------------------------------

/** A trace's text (NAME.expected, or rogue-trace's output) as whole frames. */
function parseExpected(text) {
  const frames = [];
  let rows = Array(24).fill('');
  let masks = Array(24).fill('');
  let cur = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('F ')) {
      if (cur) {
        frames.push({ ...cur, rows: [...rows], masks: [...masks] });
      }
      const [, , kind, yx] = line.split(' ');
      const [y, x] = yx.split(',').map(Number);
      cur = { head: line, kind, cursor: [y, x] };
    } else if (line.startsWith('R ')) {
      const m = line.match(/^R (\d+)(?: (.*))?$/);
      rows[Number(m[1])] = m[2] || '';
      masks[Number(m[1])] = '';
    } else if (line.startsWith('A ')) {
      const m = line.match(/^A (\d+) (.*)$/);
      masks[Number(m[1])] = m[2];
    }
  }
  if (cur) {
    frames.push({ ...cur, rows: [...rows], masks: [...masks] });
  }
  return frames;
}

/** Compare the page's frames with a trace's; the first difference. */
function compareFrames(name, got, want) {
  const n = Math.max(got.length, want.length);
  for (let i = 0; i < n; i++) {
    const g = got[i];
    const w = want[i];
    if (!g || !w) {
      return `${name}: ${got.length} frames in the page, ${want.length} in the trace`;
    }
    for (let y = 0; y < 24; y++) {
      if (g.screen[y] !== w.rows[y]) {
        return `${name}: frame ${i} (${w.head}) row ${y}: page ${JSON.stringify(g.screen[y])} trace ${JSON.stringify(w.rows[y])}`;
      }
      if (g.standout[y] !== w.masks[y]) {
        return `${name}: frame ${i} (${w.head}) row ${y} standout: page ${g.standout[y]} trace ${w.masks[y]}`;
      }
    }
    if (g.cursor[0] !== w.cursor[0] || g.cursor[1] !== w.cursor[1]) {
      return `${name}: frame ${i} (${w.head}) cursor: page ${g.cursor} trace ${w.cursor}`;
    }
  }
  return null;
}

/** File offsets of a save that hold the original's leftover stack memory
 * (FORMAT-games.md §5.3), not compared: as tests/golden.rs does. */
const SAVE_GARBAGE = [37, 107];

/** A run's file equals the golden's (a save's garbage bytes aside). */
function sameFile(name, got, want) {
  if (!got || got.length !== want.length) {
    return false;
  }
  const masked = name !== 'rogue.scr';
  for (let i = 0; i < got.length; i++) {
    if (got[i] !== want[i] && !(masked && i >= SAVE_GARBAGE[0] && i <= SAVE_GARBAGE[1])) {
      return false;
    }
  }
  return true;
}

/** A case's headers as a map from name to values. */
function headers(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    if (!line.trim()) {
      break;
    }
    const i = line.indexOf(':');
    const k = line.slice(0, i).trim();
    out.set(k, [...(out.get(k) || []), line.slice(i + 1).trim()]);
  }
  return out;
}

/** A `NAME SIDEFILE` file header. */
function fileHeader(v) {
  const i = v.lastIndexOf(' ');
  return [v.slice(0, i), v.slice(i + 1)];
}

// ---- the page ---------------------------------------------------------------

const server = await serve(dist);
const browser = await chromium.launch({
  executablePath: browserPath,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
const page = await context.newPage();
page.on('pageerror', (e) => console.log(`page error: ${e.message}`));
page.setDefaultTimeout(120000);

async function openTestPage() {
  await page.goto(server.url + '?test');
  await page.waitForFunction(() => window.rogue && window.rogue.ready !== null, null, { timeout: 120000 });
}

/** The page's folder emptied, then given these files (name -> bytes). */
async function setFiles(files) {
  await page.evaluate(
    ([files]) => {
      window.rogue.clear();
      for (const [n, b] of Object.entries(files)) {
        window.rogue.load(n, b);
      }
    },
    [Object.fromEntries(Object.entries(files).map(([n, b]) => [n, Array.from(b)]))],
  );
}

async function pageFiles() {
  const f = await page.evaluate(() => window.rogue.files());
  return Object.fromEntries(Object.entries(f).map(([n, b]) => [n, Buffer.from(b)]));
}

/** Run a case in the page as its trace does; its frames and files. */
async function pageTrace(caseText, files) {
  await setFiles(files);
  const r = await page.evaluate((t) => window.rogue.trace(t), caseText);
  return { frames: r.frames, files: await pageFiles() };
}

/** The files a case's in-file headers give it. */
function inFiles(caseFile) {
  const h = headers(fs.readFileSync(caseFile, 'utf8'));
  const files = {};
  for (const v of h.get('in-file') || []) {
    const [name, side] = fileHeader(v);
    files[name] = fs.readFileSync(path.join(path.dirname(caseFile), side));
  }
  return files;
}

/** Run a case natively (rogue-trace), in `dir`; its trace's text. */
function nativeTrace(caseFile, dir) {
  return execFileSync(traceBin, ['--out-dir', dir, caseFile], { maxBuffer: 1 << 28 }).toString();
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rogue-web-'));
const figures = { keyMs: [], gameMs: [] };

// ---- 1. the goldens -----------------------------------------------------------

async function goldens() {
  let cases = [];
  for (const kind of ['games', 'saves', 'scores']) {
    const d = path.join(root, 'oracle', 'cases', kind);
    cases.push(
      ...fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.case'))
        .sort()
        .map((f) => path.join(d, f)),
    );
  }
  if (only) {
    cases = cases.filter((c) => c.includes(only));
  }
  if (sample > 0 && cases.length > sample) {
    const step = cases.length / sample;
    cases = Array.from({ length: sample }, (_, i) => cases[Math.floor(i * step)]);
  }
  let frames = 0;
  let files = 0;
  for (const c of cases) {
    const name = path.basename(c, '.case');
    const text = fs.readFileSync(c, 'utf8');
    const want = parseExpected(fs.readFileSync(c.replace(/\.case$/, '.expected'), 'utf8'));
    const got = await pageTrace(text, inFiles(c));
    const bad = compareFrames(name, got.frames, want);
    if (bad) {
      fail(bad);
      continue;
    }
    frames += got.frames.length;
    for (const f of got.frames.slice(1)) {
      figures.keyMs.push(f.ms);
      figures.gameMs.push(f.gameMs);
    }
    for (const v of headers(text).get('out-file') || []) {
      const [fname, side] = fileHeader(v);
      const expect = fs.readFileSync(path.join(path.dirname(c), side));
      if (!sameFile(fname, got.files[fname], expect)) {
        fail(`${name}: the page's ${fname} differs from the golden's ${side}`);
      } else {
        files++;
      }
    }
  }
  console.log(`goldens: ${cases.length} cases, ${frames} frames and ${files} files equal`);
  figures.goldenCases = cases.length;
  figures.goldenFrames = frames;
}

// ---- 2. saves across the page and the native game ----------------------------

const HEAD = `kind: games
name: web_roundtrip
seed: 1234567
time: 1230000
pid: 4567
uid: 1000
gid: 1000
user: rodney
home: /home/rodney/
cwd: /home/rodney
term: vt100
lines: 24
cols: 80
tz: UTC
`;

async function saves() {
  // A game played a little and saved (S, then y: the default file).
  const saveCase = path.join(tmp, 'save.case');
  fs.writeFileSync(saveCase, HEAD + 'out-file: rogue.save save.save\n\nhhhjjjkkklllsssSy\n');
  const page1 = await pageTrace(fs.readFileSync(saveCase, 'utf8'), {});
  const nativeDir = path.join(tmp, 'native-save');
  const want1 = parseExpected(nativeTrace(saveCase, nativeDir));
  const bad1 = compareFrames('save', page1.frames, want1);
  if (bad1) {
    fail(bad1);
  }
  const pageSave = page1.files['rogue.save'];
  const nativeSave = fs.readFileSync(path.join(nativeDir, 'rogue.save'));
  if (!pageSave || Buffer.compare(pageSave, nativeSave) !== 0) {
    fail('the page saved other bytes than the native game for the same game');
  }
  // Restore each side's save in the other and play on.
  const restore = (side) =>
    HEAD.replace('web_roundtrip', 'web_restore') +
    `args: -r\nin-file: rogue.save ${side}\nout-file: rogue.scr restore.scr\n\n jjjlllhhhsssQy\n`;
  fs.writeFileSync(path.join(tmp, 'page.save'), pageSave || Buffer.alloc(0));
  fs.writeFileSync(path.join(tmp, 'native.save'), nativeSave);
  for (const [from, side] of [
    ['page', 'page.save'],
    ['native', 'native.save'],
  ]) {
    const rc = path.join(tmp, `restore-${from}.case`);
    fs.writeFileSync(rc, restore(side));
    const want = parseExpected(nativeTrace(rc, path.join(tmp, `restore-${from}`)));
    const got = await pageTrace(fs.readFileSync(rc, 'utf8'), inFiles(rc));
    const bad = compareFrames(`restore of the ${from}'s save`, got.frames, want);
    if (bad) {
      fail(bad);
    }
    if (want.length < 5 || !want[1].rows.join('\n').includes('Level:')) {
      fail(`the ${from}'s save did not restore natively`);
    }
  }
  // The page as a player has it: S keeps the save in the browser's
  // storage, and the page opened again takes the game up.
  await setFiles({});
  await page.goto(server.url + '?seed=777');
  await page.waitForFunction(() => window.rogue && window.rogue.ready !== null, null, { timeout: 120000 });
  await page.evaluate(() => window.rogue.type('lllljjjhhs'));
  await page.evaluate(() => window.rogue.idle());
  const before = await page.evaluate(() => window.rogue.screen());
  await page.evaluate(() => window.rogue.type('Sy'));
  await page.waitForFunction(() => window.rogue.state().exit !== null, null, { timeout: 120000 });
  await page.goto(server.url);
  await page.waitForFunction(() => window.rogue && window.rogue.ready !== null, null, { timeout: 120000 });
  // The restore's first screen, then a key (past its message) shows the map.
  const restored = await page.evaluate(() => window.rogue.screen());
  if (restored[23] !== before[23] || !restored[23].includes('Level:')) {
    fail(`the page did not take its saved game up: ${JSON.stringify(restored[23])} after ${JSON.stringify(before[23])}`);
  }
  await openTestPage();
  console.log('saves: page -> native and native -> page restore frame for frame; the save bytes are equal; the page keeps its save and restores it');
}

// ---- 3. real key events, and the page's record replayed natively -----------

async function keyboard() {
  const keysText = 'hhjjllkk.s\x1bi\x1b\x10lll';
  await setFiles({});
  // The same game twice: keys through .type, then as key events.
  const seedCase = HEAD.replace('web_roundtrip', 'web_keys') + '\n';
  const byType = [];
  await page.evaluate((t) => window.rogue.start(t), seedCase);
  for (const ch of keysText) {
    await page.evaluate(() => window.rogue.idle());
    byType.push(await page.evaluate(() => window.rogue.screen().join('\n')));
    await page.evaluate((c) => window.rogue.type(c), ch);
  }
  await page.evaluate(() => window.rogue.idle());
  byType.push(await page.evaluate(() => window.rogue.screen().join('\n')));

  await setFiles({});
  await page.evaluate((t) => window.rogue.start(t), seedCase);
  await page.click('#terminal');
  const byKeys = [];
  for (const ch of keysText) {
    await page.evaluate(() => window.rogue.idle());
    byKeys.push(await page.evaluate(() => window.rogue.screen().join('\n')));
    if (ch === '\x1b') {
      await page.keyboard.press('Escape');
    } else if (ch === '\x10') {
      await page.keyboard.press('Control+p');
    } else {
      await page.keyboard.type(ch);
    }
  }
  await page.evaluate(() => window.rogue.idle());
  byKeys.push(await page.evaluate(() => window.rogue.screen().join('\n')));
  for (let i = 0; i < byType.length; i++) {
    if (byType[i] !== byKeys[i]) {
      fail(`keyboard: frame ${i} differs between key events and .type:\n${byKeys[i]}\n---\n${byType[i]}`);
      break;
    }
  }
  // The record of the keyboard game, replayed by the native rogue-trace.
  const files = await pageFiles();
  const rec = path.join(tmp, 'record.case');
  fs.writeFileSync(rec, files['record.case']);
  for (const [n, b] of Object.entries(files)) {
    if (n.startsWith('record.in.')) {
      fs.writeFileSync(path.join(tmp, n), b);
    }
  }
  const native = parseExpected(nativeTrace(rec, path.join(tmp, 'record-run')));
  // The native run ends with the keys: its last key frame is the page's
  // last screen, its frames before it the page's frames before each key.
  for (let i = 0; i < byKeys.length; i++) {
    if (!native[i] || native[i].rows.join('\n') !== byKeys[i]) {
      fail(`record: frame ${i} of the page's record differs natively`);
      break;
    }
  }
  console.log(`keyboard: ${byKeys.length} frames from key events equal .type's and the record's native replay`);
}

// ---- 4. a dataset game by its number ----------------------------------------

async function dataset() {
  const n = 1002;
  const caseFile = path.join(root, 'datasets', 'rogomatic', `rgm_${n}.case`);
  await page.goto(server.url + `?game=${n}`);
  await page.waitForFunction(() => window.rogue && window.rogue.ready !== null, null, { timeout: 120000 });
  // Run it to its end at once through the slider, then compare the end.
  const keys = Number(headers(fs.readFileSync(caseFile, 'utf8')).get('keys')[0]);
  await page.evaluate(() => {
    const s = document.getElementById('slider');
    s.value = s.max;
    s.dispatchEvent(new Event('change'));
  });
  await page.waitForFunction((k) => window.rogue.state().keys >= k, keys, { timeout: 120000 });
  await page.evaluate(() => window.rogue.eof());
  await page.waitForFunction(() => window.rogue.state().exit !== null, null, { timeout: 120000 });
  await page.evaluate(() => window.rogue.idle());
  const got = await page.evaluate(() => window.rogue.screen());
  const want = parseExpected(nativeTrace(caseFile, path.join(tmp, 'dataset'))).at(-1);
  if (got.join('\n') !== want.rows.join('\n')) {
    fail(`dataset game ${n}: the page's last screen differs from the native trace's`);
  }
  console.log(`dataset: game ${n} opened by number, replayed to its end (${keys} keys) as natively`);
}

// ---- 5. figures ----------------------------------------------------------------

async function speed() {
  const wasm = fs.readFileSync(path.join(dist, 'rogue.wasm'));
  figures.wasmBytes = wasm.length;
  figures.wasmGzipBytes = zlib.gzipSync(wasm, { level: 9 }).length;
  figures.wasmBrotliBytes = zlib.brotliCompressSync(wasm).length;
  // Time to interactive: a fresh page (cold cache) to its first wait drawn.
  const tti = [];
  for (let i = 0; i < 5; i++) {
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await p.goto(server.url + '?seed=42');
    await p.waitForFunction(() => window.rogue && window.rogue.ready !== null, null, { timeout: 120000 });
    tti.push(await p.evaluate(() => window.rogue.ready));
    if (i === 0 && shot) {
      await p.evaluate(() => window.rogue.type('llllljjjjhhs'));
      await p.evaluate(() => window.rogue.idle());
      await p.screenshot({ path: shot });
    }
    await ctx.close();
  }
  tti.sort((a, b) => a - b);
  figures.ttiMs = tti;
  const ks = figures.keyMs.sort((a, b) => a - b);
  const q = (f) => (ks.length ? ks[Math.min(ks.length - 1, Math.floor(f * ks.length))] : null);
  figures.keyFrames = ks.length;
  figures.keyMsMedian = q(0.5);
  figures.keyMsP95 = q(0.95);
  figures.keyMsP99 = q(0.99);
  figures.keyMsMax = ks.at(-1);
  delete figures.keyMs;
  const gs = figures.gameMs.sort((a, b) => a - b);
  figures.gameMsMedian = gs[Math.floor(gs.length / 2)];
  figures.gameMsP99 = gs[Math.floor(gs.length * 0.99)];
  delete figures.gameMs;
  if (figures.wasmGzipBytes > 1 << 20) {
    fail(`the compressed WebAssembly is ${figures.wasmGzipBytes} bytes (> 1 MB)`);
  }
  if (tti[2] >= 1000) {
    fail(`time to interactive ${tti[2]} ms (median of 5; >= 1 s)`);
  }
  if (figures.keyMsMedian !== null && figures.keyMsMedian >= 5) {
    fail(`a key's frame takes ${figures.keyMsMedian} ms (median; >= 5 ms)`);
  }
  console.log(`figures: ${JSON.stringify(figures)}`);
}

try {
  await openTestPage();
  await goldens();
  await saves();
  await keyboard();
  await dataset();
  await speed();
} catch (e) {
  fail(`the tests stopped: ${e.stack || e}`);
} finally {
  await browser.close();
  server.close();
  fs.rmSync(tmp, { recursive: true, force: true });
}
if (failures.length) {
  console.log(`${failures.length} failures`);
  process.exit(1);
}
console.log('all browser tests passed');
