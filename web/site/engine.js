// The game's WebAssembly (rogue.wasm, built by web/build.sh) run in the
// page: WASI for its standard input and output and its folder of files
// (/rogue, in memory), and asyncify for its key reads.
//
// The game reads a key by calling the import rogue.wait_key deep inside
// its own calls. When no key is queued, the import starts an asyncify
// unwind: every function on the WebAssembly stack saves its locals into
// a buffer and returns, so _start returns to us and the browser's event
// loop goes on. When a key comes, a rewind calls _start again, every
// function restores itself from the buffer, and wait_key returns the key,
// as if the call had simply blocked (doc/ARCHITECTURE.md, "The game in a
// browser").

import WASI, { WASIProcExit } from './wasi/wasi.js';
import { File, OpenFile, PreopenDirectory, ConsoleStdout } from './wasi/fs_mem.js';

/** asyncify_get_state: nothing under way, unwinding, rewinding. */
const NORMAL = 0;
const UNWINDING = 1;
/** The buffer the stack is saved into: 1 MB (the deepest wait saves a few kB). */
const STACK_BYTES = 1 << 20;

let compiled = null;

/** The compiled module, fetched once. */
export function module(url = 'rogue.wasm') {
  if (!compiled) {
    // index.html starts it before any script has loaded.
    compiled = window.rogueWasm || WebAssembly.compileStreaming(fetch(url));
  }
  return compiled;
}

/** What a file of the folder holds now, copied out. */
export function bytesOf(file) {
  return new Uint8Array(file.data);
}

/**
 * One run of the program: `job` ('play', 'keys' or 'encode') with `stdin`
 * (bytes) in the folder `dir` (a Map of names to WASI Files, shared with
 * the page, which keeps it between games). hooks:
 *   output(bytes)   what the program writes to its standard output;
 *   wait(kind)      it waits for a key (0 a key, 1 a line's first, 2 a
 *                   line's next) and returns the key (-1: end of input)
 *                   or undefined to suspend until give();
 *   exit(code)      it ended.
 */
export class Run {
  constructor(mod, job, stdin, dir, hooks) {
    this.hooks = hooks;
    this.waiting = null;
    this.done = false;
    this.code = null;
    this.rewinding = false;
    this.pending = 0;
    this.buffer = 0;
    const fds = [
      new OpenFile(new File(stdin)),
      new ConsoleStdout((b) => hooks.output(new Uint8Array(b))),
      ConsoleStdout.lineBuffered((line) => console.warn('rogue:', line)),
      new PreopenDirectory('/rogue', dir),
    ];
    this.wasi = new WASI(['rogue-web', job], ['TZ=UTC'], fds, { debug: false });
    this.instance = new WebAssembly.Instance(mod, {
      wasi_snapshot_preview1: this.wasi.wasiImport,
      rogue: { wait_key: (kind) => this.waitKey(kind) },
    });
    this.exports = this.instance.exports;
    this.wasi.inst = this.instance;
  }

  /** Run until the program waits with no key queued, or ends. */
  resume() {
    try {
      this.exports._start();
    } catch (e) {
      if (e instanceof WASIProcExit) {
        this.finish(e.code);
        return;
      }
      this.finish(-1);
      throw e;
    }
    if (this.exports.asyncify_get_state() === UNWINDING) {
      this.exports.asyncify_stop_unwind();
    } else {
      this.finish(0);
    }
  }

  finish(code) {
    this.done = true;
    this.code = code;
    this.waiting = null;
    this.hooks.exit(code);
  }

  /** The import rogue.wait_key. */
  waitKey(kind) {
    if (this.rewinding) {
      // Back from a suspension: the stack is whole again.
      this.exports.asyncify_stop_rewind();
      this.rewinding = false;
      return this.pending;
    }
    const k = this.hooks.wait(kind);
    if (k !== undefined) {
      return k;
    }
    this.waiting = kind;
    if (!this.buffer) {
      // Pages of our own past the program's heap: its allocator only
      // ever uses what its own memory.grow calls hand it.
      this.buffer = this.exports.memory.grow(STACK_BYTES / 65536 + 1) * 65536;
    }
    const view = new DataView(this.exports.memory.buffer);
    view.setUint32(this.buffer, this.buffer + 8, true);
    view.setUint32(this.buffer + 4, this.buffer + STACK_BYTES, true);
    this.exports.asyncify_start_unwind(this.buffer);
    return 0;
  }

  /** Give the waiting program its key (-1: the end of its input). */
  give(key) {
    if (this.done || this.waiting === null) {
      return;
    }
    this.waiting = null;
    this.pending = key;
    this.rewinding = true;
    this.exports.asyncify_start_rewind(this.buffer);
    this.resume();
  }
}

/** Run a job that reads `input` and writes its answer (no keys). */
export async function job(name, input) {
  const mod = await module();
  const out = [];
  let err = null;
  const run = new Run(mod, name, input, new Map(), {
    output: (b) => out.push(b),
    wait: () => -1,
    exit: (code) => {
      if (code !== 0) {
        err = `rogue-web ${name}: exit ${code}`;
      }
    },
  });
  run.resume();
  if (err) {
    throw new Error(err);
  }
  const total = out.reduce((n, b) => n + b.length, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const b of out) {
    bytes.set(b, at);
    at += b.length;
  }
  return bytes;
}

export { File };
