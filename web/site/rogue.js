// The page: Rogue 5.4.4 on an xterm.js terminal, its files in the
// browser's storage, every game kept as a .case record, replays, and the
// test interface window.rogue (doc/WEB.md).

import { Terminal } from './xterm.mjs';
import { module, Run, job, bytesOf, File } from './engine.js';

const LINES = 24;
const COLS = 80;
const STORE = 'rogue.files';
const SETTINGS = 'rogue.settings';
const enc = new TextEncoder();
const dec = new TextDecoder();

// ---- the terminal ----------------------------------------------------

const term = new Terminal({
  rows: LINES,
  cols: COLS,
  scrollback: 0,
  cursorBlink: false,
  fontFamily: 'DejaVu Sans Mono, Menlo, Consolas, monospace',
  fontSize: 16,
  theme: { background: '#000000', foreground: '#d0d0d0' },
});
term.open(document.getElementById('terminal'));
let writing = 0;
let idleWaiters = [];

function show(bytes) {
  writing++;
  term.write(bytes, () => {
    writing--;
    settle();
  });
}

// ---- the folder of files, kept in localStorage ------------------------

function b64(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

function unb64(s) {
  const bin = atob(s);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) {
    out[i] = bin.charCodeAt(i);
  }
  return out;
}

/** The game's folder: names to WASI files, as the game left them. */
const dir = new Map();

function loadStore() {
  try {
    const kept = JSON.parse(localStorage.getItem(STORE) || '{}');
    for (const [name, data] of Object.entries(kept)) {
      dir.set(name, new File(unb64(data)));
    }
  } catch (e) {
    console.warn('rogue: the stored files could not be read', e);
  }
}

function keepStore() {
  const kept = {};
  for (const [name, f] of dir) {
    if (f instanceof File && !name.endsWith('.lck')) {
      kept[name] = b64(bytesOf(f));
    }
  }
  try {
    localStorage.setItem(STORE, JSON.stringify(kept));
  } catch (e) {
    console.warn('rogue: the files could not be stored', e);
  }
  listFiles();
}

// ---- settings ----------------------------------------------------------

function settings() {
  try {
    return { name: 'rodney', opts: '', ...JSON.parse(localStorage.getItem(SETTINGS) || '{}') };
  } catch {
    return { name: 'rodney', opts: '' };
  }
}

/** A safe user name: what a Unix login name may be. */
function userName(s) {
  const n = (s || '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 31);
  return n || 'rodney';
}

/** The headers of a new game: the page's own record header lines. */
function newGameCase(seed, args) {
  const st = settings();
  // The game's seed is its clock plus its process id, as in the original:
  // the clock is now, the id what makes the seed asked for.
  const time = Math.floor(Date.now() / 1000);
  const pid = seed - time;
  const user = userName(st.name);
  const h = [
    'kind: games',
    'name: page',
    `seed: ${seed}`,
    `time: ${time}`,
    `pid: ${pid}`,
    'uid: 1000',
    'gid: 1000',
    `user: ${user}`,
    `home: /home/${user}/`,
    `cwd: /home/${user}`,
    'term: vt100',
    `lines: ${LINES}`,
    `cols: ${COLS}`,
    'tz: UTC',
  ];
  const opts = (st.opts || '').replace(/[\r\n]/g, '');
  if (opts) {
    h.push(`rogueopts: ${opts}`);
  }
  if (args) {
    h.push(`args: ${args}`);
  }
  return h.join('\n') + '\n\n';
}

// ---- the game ----------------------------------------------------------

const state = {
  run: null,
  /** Keys typed and not yet read. */
  queue: [],
  /** Every key the game has read (the record's body). */
  keys: [],
  /** Waits for a key or a line so far (the trace's frames). */
  waits: 0,
  /** The case the game was started from, headers only. */
  headers: '',
  /** The files there were at the start (the record's in-files). */
  inFiles: new Map(),
  exit: null,
  /** Did the queue's end mean the end of input (a replay's end)? */
  eof: false,
  /** How long the game took over its last key, to its next wait. */
  gameMs: 0,
  /** Keys to echo: a line read in the terminal's normal mode. */
  echo: false,
};

function headersOf(text) {
  const cut = text.search(/\r?\n\r?\n/);
  return (cut < 0 ? text : text.slice(0, cut)).replace(/\r/g, '') + '\n';
}

async function start(caseText) {
  stop();
  // Keys typed from here on are the new game's, even before it runs.
  state.queue = [];
  state.keys = [];
  state.waits = 0;
  state.exit = null;
  state.eof = false;
  const mod = await module();
  term.reset();
  state.headers = headersOf(caseText)
    .split('\n')
    .filter((l) => l && !/^(in-file|out-file|keys|ends|note):/.test(l))
    .join('\n');
  state.inFiles = new Map([...dir].filter(([, f]) => f instanceof File).map(([n, f]) => [n, bytesOf(f)]));
  // Only the headers: the keys come from the page.
  const run = new Run(mod, 'play', enc.encode(headersOf(caseText) + '\n'), dir, {
    output: show,
    wait: (kind) => onWait(run, kind),
    exit: (code) => {
      if (state.run === run) {
        state.exit = code;
        keepStore();
        status(`The game ended (exit ${code}).`);
        settle();
      }
    },
  });
  state.run = run;
  status('');
  window.rogue.marks.push(['instantiated', performance.now()]);
  run.resume();
  window.rogue.marks.push(['first wait', performance.now()]);
  settle();
  term.focus();
}

function stop() {
  if (state.run && !state.run.done && state.run.waiting !== null) {
    // The run is dropped where it waits, as a killed process would be.
    state.run.done = true;
  }
  state.run = null;
}

/** The game waits: a key from the queue, or suspend. */
function onWait(run, kind) {
  if (kind !== 2) {
    state.waits++;
  }
  state.echo = kind !== 0;
  if (state.queue.length) {
    const k = state.queue.shift();
    take(k);
    return k;
  }
  if (state.eof) {
    return -1;
  }
  settle();
  return undefined;
}

function take(k) {
  state.keys.push(k);
  if (state.echo) {
    // A terminal in its normal mode echoes the line as it is typed.
    show(k === 10 ? enc.encode('\r\n') : new Uint8Array([k]));
  }
}

/** Type bytes: they are read in turn, at once while the game waits. */
function type(bytes) {
  for (const b of bytes) {
    state.queue.push(b & 0xff);
  }
  pump();
}

function pump() {
  const run = state.run;
  if (run && !run.done && run.waiting !== null) {
    const t = performance.now();
    if (state.queue.length) {
      const k = state.queue.shift();
      take(k);
      run.give(k);
    } else if (state.eof) {
      run.give(-1);
    }
    state.gameMs = performance.now() - t;
  }
  settle();
}

/** A fresh task (not a timer's): the next key's work starts from the
 * event loop, as a key event's does, so the terminal's own timers are not
 * slowed as nested ones (browsers clamp those to 4 ms). */
function nextTask() {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

/** No key left to read, nothing left to draw. */
function isIdle() {
  const run = state.run;
  const parked = !run || run.done || (run.waiting !== null && state.queue.length === 0);
  return parked && writing === 0;
}

function settle() {
  if (isIdle() && idleWaiters.length) {
    const w = idleWaiters;
    idleWaiters = [];
    w.forEach((f) => f());
  }
}

function idle() {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    settle();
  });
}

// ---- what the terminal shows ------------------------------------------

function screen() {
  const buf = term.buffer.active;
  const rows = [];
  for (let y = 0; y < LINES; y++) {
    const line = buf.getLine(buf.viewportY + y);
    rows.push(line ? line.translateToString(true) : '');
  }
  return rows;
}

/** Each row's standout cells as 'S', others '.', trailing '.' dropped. */
function standout() {
  const buf = term.buffer.active;
  const rows = [];
  const cell = buf.getNullCell();
  for (let y = 0; y < LINES; y++) {
    const line = buf.getLine(buf.viewportY + y);
    let s = '';
    for (let x = 0; x < COLS; x++) {
      s += line && line.getCell(x, cell) && cell.isInverse() ? 'S' : '.';
    }
    rows.push(s.replace(/\.+$/, ''));
  }
  return rows;
}

function cursor() {
  const buf = term.buffer.active;
  return [buf.cursorY, buf.cursorX];
}

// ---- records -------------------------------------------------------------

async function recordText() {
  const body = dec.decode(await job('encode', new Uint8Array(state.keys)));
  const lines = [state.headers];
  for (const name of state.inFiles.keys()) {
    lines.push(`in-file: ${name} record.in.${name}`);
  }
  lines.push(`keys: ${state.keys.length}`);
  lines.push('note: played in the page (web/)');
  return lines.join('\n') + '\n\n' + body;
}

async function files() {
  const out = {};
  for (const [name, f] of dir) {
    if (f instanceof File) {
      out[name] = Array.from(bytesOf(f));
    }
  }
  if (state.headers) {
    out['record.case'] = Array.from(enc.encode(await recordText()));
    for (const [name, bytes] of state.inFiles) {
      out[`record.in.${name}`] = Array.from(bytes);
    }
  }
  return out;
}

function load(name, bytes) {
  const clean = String(name).replace(/^.*\//, '');
  if (!clean || clean === '.' || clean === '..') {
    throw new Error(`bad file name ${name}`);
  }
  if (bytes === null) {
    dir.delete(clean);
  } else {
    dir.set(clean, new File(Uint8Array.from(bytes)));
  }
  keepStore();
}

// ---- replays ---------------------------------------------------------------

const replay = { keys: null, at: 0, timer: null, speed: 10, text: '' };

async function openReplay(caseText) {
  const keys = await job('keys', enc.encode(caseText));
  stopTimer();
  replay.keys = keys;
  replay.text = caseText;
  replay.at = 0;
  slider.max = String(keys.length);
  slider.value = '0';
  document.getElementById('replay').hidden = false;
  await start(caseText);
  replay.inFiles = new Map(state.inFiles);
  playReplay();
}

/** Give the replay's next key (each wait one key, as the trace does). */
function stepReplay() {
  if (!replay.keys || !state.run || state.run.done) {
    stopTimer();
    return;
  }
  if (replay.at >= replay.keys.length) {
    stopTimer();
    status('The record ends here.');
    return;
  }
  type([replay.keys[replay.at++]]);
  slider.value = String(replay.at);
}

function playReplay() {
  stopTimer();
  replay.timer = setInterval(stepReplay, Math.max(5, 1000 / replay.speed));
  pauseButton.textContent = 'Pause';
}

function stopTimer() {
  if (replay.timer) {
    clearInterval(replay.timer);
    replay.timer = null;
  }
  pauseButton.textContent = 'Play';
}

/** Go to key n: the game again from its start, n keys in at once. */
async function seek(n) {
  const playing = !!replay.timer;
  stopTimer();
  const keep = new Map(replay.inFiles || []);
  for (const [name, bytes] of keep) {
    dir.set(name, new File(bytes));
  }
  await start(replay.text);
  replay.at = Math.min(n, replay.keys.length);
  type(replay.keys.subarray(0, replay.at));
  if (playing) {
    playReplay();
  }
}

// ---- the page's controls -------------------------------------------------

const statusLine = document.getElementById('status');
const slider = document.getElementById('slider');
const pauseButton = document.getElementById('pause');

function status(s) {
  statusLine.textContent = s;
}

function download(name, bytes) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([bytes], { type: 'application/octet-stream' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}

function listFiles() {
  const ul = document.getElementById('files');
  ul.textContent = '';
  for (const [name, f] of dir) {
    if (!(f instanceof File) || name.endsWith('.lck')) {
      continue;
    }
    const li = document.createElement('li');
    const a = document.createElement('a');
    a.href = '#';
    a.textContent = `${name} (${f.data.length} bytes)`;
    a.onclick = (e) => {
      e.preventDefault();
      download(name, bytesOf(f));
    };
    const del = document.createElement('button');
    del.textContent = 'delete';
    del.onclick = () => load(name, null);
    li.append(a, ' ', del);
    ul.append(li);
  }
}

function randomSeed() {
  return 1 + Math.floor(Math.random() * 2000000000);
}

function bind() {
  term.onData((data) => {
    if (replay.timer || state.run === null) {
      return;
    }
    // Enter is a newline, as the terminal's driver (ICRNL) makes it.
    const bytes = enc.encode(data.replace(/\r/g, '\n'));
    type(bytes);
  });
  document.getElementById('terminal').addEventListener('click', () => term.focus());
  document.getElementById('new').onclick = () => {
    document.getElementById('replay').hidden = true;
    stopTimer();
    replay.keys = null;
    start(newGameCase(randomSeed()));
  };
  document.getElementById('restore').onclick = () => {
    stopTimer();
    replay.keys = null;
    start(newGameCase(randomSeed(), '-r'));
  };
  document.getElementById('scores').onclick = () => {
    stopTimer();
    replay.keys = null;
    start(newGameCase(randomSeed(), '-s'));
  };
  document.getElementById('record').onclick = async () => {
    download('record.case', enc.encode(await recordText()));
    // The files the game started with, which the record names.
    for (const [name, bytes] of state.inFiles) {
      download(`record.in.${name}`, bytes);
    }
  };
  document.getElementById('upload').onchange = async (e) => {
    for (const f of e.target.files) {
      load(f.name, new Uint8Array(await f.arrayBuffer()));
    }
    e.target.value = '';
    term.focus();
  };
  document.getElementById('opencase').onchange = async (e) => {
    const f = e.target.files[0];
    if (f) {
      replay.inFiles = null;
      await openReplay(await f.text());
    }
    e.target.value = '';
  };
  document.getElementById('dataset').onsubmit = (e) => {
    e.preventDefault();
    const n = parseInt(document.getElementById('gamenum').value, 10);
    if (n > 0) {
      location.search = `?game=${n}`;
    }
  };
  pauseButton.onclick = () => (replay.timer ? stopTimer() : playReplay());
  document.getElementById('step').onclick = () => {
    stopTimer();
    stepReplay();
  };
  document.getElementById('speed').oninput = (e) => {
    replay.speed = Number(e.target.value);
    if (replay.timer) {
      playReplay();
    }
  };
  slider.onchange = () => seek(Number(slider.value));
  const st = settings();
  const form = document.getElementById('settings');
  form.elements.name.value = st.name;
  form.elements.opts.value = st.opts;
  form.onsubmit = (e) => {
    e.preventDefault();
    localStorage.setItem(
      SETTINGS,
      JSON.stringify({ name: userName(form.elements.name.value), opts: form.elements.opts.value }),
    );
    status('Settings kept: they apply to the next game.');
    term.focus();
  };
}

async function fetchText(url) {
  const r = await fetch(url);
  if (!r.ok) {
    throw new Error(`${url}: ${r.status}`);
  }
  return r.text();
}

async function boot() {
  window.rogue.marks.push(['script', performance.now()]);
  loadStore();
  listFiles();
  bind();
  const q = new URLSearchParams(location.search);
  await module();
  window.rogue.marks.push(['compiled', performance.now()]);
  if (q.get('test') !== null) {
    // The tests start their own games.
  } else if (q.get('game')) {
    const n = parseInt(q.get('game'), 10);
    await openReplay(await fetchText(`datasets/rogomatic/rgm_${n}.case`));
  } else if (q.get('case')) {
    await openReplay(await fetchText(q.get('case')));
  } else {
    const seed = parseInt(q.get('seed'), 10);
    // A game saved here last time is taken up again (rogue -r).
    const saved = !(seed > 0) && dir.has('rogue.save');
    await start(newGameCase(seed > 0 ? seed : randomSeed(), saved ? '-r' : null));
    if (saved) {
      status('Your saved game, restored.');
    }
  }
  await idle();
  // From the page's navigation to the game's first wait drawn.
  window.rogue.ready = performance.now();
}

// ---- the test interface (doc/WEB.md) ---------------------------------------

window.rogue = {
  ready: null,
  /** When the page reached each step of its start (ms from navigation). */
  marks: [],
  start: (caseText) => start(caseText),
  type: (bytes) => type(typeof bytes === 'string' ? enc.encode(bytes) : bytes),
  screen,
  standout,
  cursor,
  files,
  load,
  /** Empty the game's folder (the stored files too). */
  clear: () => {
    dir.clear();
    keepStore();
  },
  idle,
  /** Where the game is: waits so far, what it waits for, its exit. */
  state: () => ({
    waits: state.waits,
    waiting: state.run ? state.run.waiting : null,
    exit: state.exit,
    keys: state.keys.length,
  }),
  /** End the input: the game's next read finds none (a record's end). */
  eof: () => {
    state.eof = true;
    pump();
  },
  /**
   * Play a case's keys as its trace does and take a frame at every wait
   * and at the end: [{wait, screen, standout, cursor, ms}], ms the time
   * from the key to the frame drawn.
   */
  trace: async (caseText) => {
    const keys = await job('keys', enc.encode(caseText));
    await start(caseText);
    const frames = [];
    let at = 0;
    let t = performance.now();
    state.gameMs = 0;
    for (;;) {
      await idle();
      const ms = performance.now() - t;
      const run = state.run;
      frames.push({
        wait: run.done ? null : run.waiting,
        screen: screen(),
        standout: standout(),
        cursor: cursor(),
        ms,
        gameMs: state.gameMs,
      });
      if (run.done) {
        return { frames, exit: state.exit };
      }
      await nextTask();
      t = performance.now();
      if (at >= keys.length) {
        state.eof = true;
        pump();
      } else if (run.waiting === 1) {
        let end = keys.indexOf(10, at);
        end = end < 0 ? keys.length : end + 1;
        state.eof = end >= keys.length && keys[end - 1] !== 10;
        type(keys.subarray(at, end));
        at = end;
      } else {
        type([keys[at++]]);
      }
    }
  },
  replay: (caseText) => openReplay(caseText),
};

boot().catch((e) => {
  status(`The game could not start: ${e}`);
  console.error(e);
});
