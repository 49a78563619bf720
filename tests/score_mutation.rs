//! Damaged score files: thousands of mutants of every golden score file
//! (truncated, bits flipped, bytes overwritten, pieces and entries swapped
//! or duplicated, grown, emptied, 16 MiB, files of other formats, entries
//! re-enciphered with edited text).
//!
//! * `rd_score` never panics and accepts a mutant exactly when it is a valid
//!   score file, as this test judges it on its own (below); what it
//!   accepts, `wr_score` writes back byte for byte; what it refuses leaves
//!   the list it was given as it was.
//! * `rogue -s` (the shipped binary, `--score-file`) on a damaged file
//!   prints one clear line, exits non-zero and leaves the file
//!   byte-identical (on a mutant that is still valid it lists the scores).
//! * A game that ends with a damaged score file (`rogue -d` through
//!   rogue-trace) says so, exits non-zero, and leaves the file untouched.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::Inputs;
use rogue::game::score::{FILE_LEN, NUMSCORES, ScoreEntry, rd_score, wr_score, xor_cipher};
use rogue::trace::{self, RunOptions};

const NAME_LEN: usize = 1024;
const LINE_LEN: usize = 100;
const ENTRY_LEN: usize = NAME_LEN + LINE_LEN;

/// Mutants made from each golden file.
const PER_FILE: usize = 60;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("oracle/cases")
}

/// The files of the oracle's whole-program categories whose names end in
/// `ext`, each content once, in name order.
fn oracle_files(ext: &str) -> Vec<(String, Vec<u8>)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for cat in ["scores", "games", "saves", "wizard"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(cases_dir().join(cat))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().ends_with(ext))
            .collect();
        paths.sort();
        for p in paths {
            let bytes = std::fs::read(&p).unwrap();
            if seen.insert(bytes.clone()) {
                out.push((format!("{cat}/{}", p.file_name().unwrap().to_string_lossy()), bytes));
            }
        }
    }
    out
}

// ---------------------------------------------------------------------
// What a valid score file is, judged independently of the port's reader
// (FORMAT-games.md §4.4): empty, or ten entries of a 1024-byte name and a
// 100-byte text line, each piece enciphered on its own; the line exactly
// what 5.4.4's wr_score prints for its numbers; an entry with a score has
// a reason 0..3 and a printable name padded with zeros.

fn deciphered(piece: &[u8]) -> Vec<u8> {
    let mut v = piece.to_vec();
    xor_cipher(&mut v);
    v
}

/// A decimal number as `%u` prints it, at most `max`.
fn unsigned(tok: &[u8], max: u64) -> Option<u64> {
    if tok.is_empty() || tok.len() > 19 || !tok.iter().all(u8::is_ascii_digit) || (tok.len() > 1 && tok[0] == b'0') {
        return None;
    }
    let v: u64 = std::str::from_utf8(tok).ok()?.parse().ok()?;
    (v <= max).then_some(v)
}

/// A decimal number as `%d` prints an int.
fn signed(tok: &[u8]) -> Option<i64> {
    match tok.strip_prefix(b"-") {
        Some(rest) => unsigned(rest, 1 << 31).filter(|&v| v != 0).map(|v| -(v as i64)),
        None => unsigned(tok, i32::MAX as u64).map(|v| v as i64),
    }
}

/// `%x` of an unsigned int.
fn hex(tok: &[u8]) -> Option<u64> {
    let ok = !tok.is_empty()
        && tok.len() <= 8
        && tok.iter().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        && (tok.len() == 1 || tok[0] != b'0');
    ok.then(|| u64::from_str_radix(std::str::from_utf8(tok).unwrap(), 16).unwrap())
}

/// The score and reason of a valid text line.
fn valid_line(line: &[u8]) -> Option<(i64, u64)> {
    let end = line.iter().position(|&b| b == 0).unwrap_or(line.len());
    if line[end..].iter().any(|&b| b != 0) {
        return None;
    }
    let inner = line[..end].strip_prefix(b" ")?.strip_suffix(b" \n")?;
    let t: Vec<&[u8]> = inner.split(|&b| b == b' ').collect();
    if t.len() != 6 {
        return None;
    }
    unsigned(t[0], u32::MAX as u64)?;
    let score = signed(t[1])?;
    let flags = unsigned(t[2], u32::MAX as u64)?;
    unsigned(t[3], u16::MAX as u64)?;
    signed(t[4])?;
    hex(t[5])?;
    Some((score, flags))
}

fn is_valid(bytes: &[u8]) -> bool {
    if bytes.is_empty() {
        return true;
    }
    if bytes.len() != FILE_LEN {
        return false;
    }
    bytes.chunks(ENTRY_LEN).all(|entry| {
        let name = deciphered(&entry[..NAME_LEN]);
        let Some((score, flags)) = valid_line(&deciphered(&entry[NAME_LEN..])) else { return false };
        let n = name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
        score == 0
            || (flags <= 3 && name[..n].iter().all(|b| (0x20..=0x7e).contains(b)) && name[n..].iter().all(|&b| b == 0))
    })
}

// ---------------------------------------------------------------------
// The mutants.

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Kind {
    Truncated,
    TruncatedAtEntry,
    BitsFlipped,
    BytesSet,
    PiecesSwapped,
    EntriesSwapped,
    LinesSwapped,
    EntryCopied,
    EntryDuplicated,
    Grown,
    LineEdited,
    NameEdited,
}

const KINDS: [Kind; 12] = [
    Kind::Truncated,
    Kind::TruncatedAtEntry,
    Kind::BitsFlipped,
    Kind::BytesSet,
    Kind::PiecesSwapped,
    Kind::EntriesSwapped,
    Kind::LinesSwapped,
    Kind::EntryCopied,
    Kind::EntryDuplicated,
    Kind::Grown,
    Kind::LineEdited,
    Kind::NameEdited,
];

fn below(rng: &mut Inputs, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn random_bytes(rng: &mut Inputs, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u64() as u8).collect()
}

/// Two different entries.
fn two_entries(rng: &mut Inputs) -> (usize, usize) {
    let i = below(rng, NUMSCORES);
    let j = (i + 1 + below(rng, NUMSCORES - 1)) % NUMSCORES;
    (i, j)
}

/// Decipher a piece, change it, encipher it again.
fn edit_piece(m: &mut [u8], at: usize, len: usize, f: impl FnOnce(&mut Vec<u8>)) {
    let mut plain = deciphered(&m[at..at + len]);
    f(&mut plain);
    plain.resize(len, 0);
    xor_cipher(&mut plain);
    m[at..at + len].copy_from_slice(&plain);
}

/// A plausible-looking edit of an entry's text line (some keep it valid).
fn edit_line(rng: &mut Inputs, line: &mut Vec<u8>) {
    let end = line.iter().position(|&b| b == 0).unwrap_or(line.len());
    let text = String::from_utf8_lossy(&line[..end]).into_owned();
    let mut toks: Vec<String> =
        text.trim_end_matches(" \n").trim_start_matches(' ').split(' ').map(String::from).collect();
    let k = below(rng, toks.len());
    let new = match below(rng, 12) {
        0 => {
            // Any other number in one field.
            toks[k] = rng.pick(&["0", "1", "-1", "3", "4", "65535", "65536", "2147483647", "2147483648", "-0"]).into();
            None
        }
        1 => {
            toks[k] = format!("0{}", toks[k]);
            None
        }
        2 => {
            toks[k] = format!("+{}", toks[k]);
            None
        }
        3 => {
            // A score of any size, the rest kept.
            if toks.len() > 1 {
                toks[1] = rng.any_i32().to_string();
            }
            None
        }
        4 => {
            // Any reason.
            if toks.len() > 2 {
                toks[2] = rng.range(0, 9).to_string();
            }
            None
        }
        5 => {
            toks[k] = toks[k].to_uppercase();
            toks[k].push('A');
            None
        }
        6 => {
            toks.remove(k);
            None
        }
        7 => {
            toks.insert(k, "7".into());
            None
        }
        8 => Some(format!(" {}  \n", toks.join(" "))),
        9 => Some(format!("{} \n", toks.join(" "))),
        10 => Some(format!(" {} ", toks.join(" "))),
        _ => {
            // One character of the line replaced by anything.
            let mut b = line[..end].to_vec();
            if !b.is_empty() {
                let i = below(rng, b.len());
                b[i] = rng.next_u64() as u8;
            }
            line.clear();
            line.extend_from_slice(&b);
            return;
        }
    };
    let text = new.unwrap_or_else(|| format!(" {} \n", toks.join(" ")));
    line.clear();
    line.extend_from_slice(text.as_bytes());
    if rng.chance(8) && line.len() < LINE_LEN - 1 {
        // Something after the line's end.
        let i = line.len() + 1 + below(rng, LINE_LEN - 1 - line.len());
        line.resize(LINE_LEN, 0);
        line[i] = 1 + below(rng, 255) as u8;
    }
}

fn mutate(rng: &mut Inputs, base: &[u8], kind: Kind) -> Vec<u8> {
    let mut m = base.to_vec();
    let full = m.len() == FILE_LEN;
    match kind {
        Kind::Truncated => m.truncate(below(rng, m.len().max(1))),
        Kind::TruncatedAtEntry if full => m.truncate(below(rng, NUMSCORES) * ENTRY_LEN + rng.pick(&[0, NAME_LEN])),
        Kind::BitsFlipped if !m.is_empty() => {
            for _ in 0..1 + below(rng, 4) {
                let i = below(rng, m.len());
                m[i] ^= 1 << below(rng, 8);
            }
        }
        Kind::BytesSet if !m.is_empty() => {
            for _ in 0..1 + below(rng, 8) {
                let i = below(rng, m.len());
                m[i] = rng.next_u64() as u8;
            }
        }
        Kind::PiecesSwapped if full => {
            // One entry written line first, name second.
            let at = below(rng, NUMSCORES) * ENTRY_LEN;
            let e = m[at..at + ENTRY_LEN].to_vec();
            m[at..at + LINE_LEN].copy_from_slice(&e[NAME_LEN..]);
            m[at + LINE_LEN..at + ENTRY_LEN].copy_from_slice(&e[..NAME_LEN]);
        }
        Kind::EntriesSwapped if full => {
            let (i, j) = two_entries(rng);
            let a = m[i * ENTRY_LEN..(i + 1) * ENTRY_LEN].to_vec();
            m.copy_within(j * ENTRY_LEN..(j + 1) * ENTRY_LEN, i * ENTRY_LEN);
            m[j * ENTRY_LEN..(j + 1) * ENTRY_LEN].copy_from_slice(&a);
        }
        Kind::LinesSwapped if full => {
            // Each piece has its own key stream, so this deciphers fine;
            // a score may land on a noise name.
            let (i, j) = two_entries(rng);
            let (li, lj) = (i * ENTRY_LEN + NAME_LEN, j * ENTRY_LEN + NAME_LEN);
            let a = m[li..li + LINE_LEN].to_vec();
            m.copy_within(lj..lj + LINE_LEN, li);
            m[lj..lj + LINE_LEN].copy_from_slice(&a);
        }
        Kind::EntryCopied if full => {
            let (i, j) = two_entries(rng);
            m.copy_within(i * ENTRY_LEN..(i + 1) * ENTRY_LEN, j * ENTRY_LEN);
        }
        Kind::EntryDuplicated if full => {
            let i = below(rng, NUMSCORES);
            let e = m[i * ENTRY_LEN..(i + 1) * ENTRY_LEN].to_vec();
            let at = below(rng, NUMSCORES + 1) * ENTRY_LEN;
            m.splice(at..at, e);
        }
        Kind::LineEdited if full => {
            let at = below(rng, NUMSCORES) * ENTRY_LEN + NAME_LEN;
            edit_piece(&mut m, at, LINE_LEN, |line| edit_line(rng, line));
        }
        Kind::NameEdited if full => {
            let at = below(rng, NUMSCORES) * ENTRY_LEN;
            edit_piece(&mut m, at, NAME_LEN, |name| {
                let n = name.iter().position(|&b| b == 0).unwrap_or(NAME_LEN);
                // In the name, just after it, or anywhere.
                let i = match below(rng, 3) {
                    0 => below(rng, n.max(1)),
                    1 => n.min(NAME_LEN - 1),
                    _ => below(rng, NAME_LEN),
                };
                let any = rng.next_u64() as u8;
                name[i] = rng.pick(&[0, 1, b'\t', 0x7f, 0x80, 0xff, b'x', b' ', any]);
            });
        }
        // Grown, and the kinds above on a file that is not full (the
        // golden empty files): random bytes added.
        _ => {
            let n = 1 + below(rng, 3000);
            m.extend(random_bytes(rng, n));
        }
    }
    m
}

/// The filler `score()` reads a file over: scores 0, noise elsewhere.
fn filler(rng: &mut Inputs) -> [ScoreEntry; NUMSCORES] {
    let mut top: [ScoreEntry; NUMSCORES] = Default::default();
    for e in top.iter_mut() {
        for b in e.name.iter_mut() {
            *b = rng.next_u64() as u8;
        }
        e.flags = rng.next_u64() as u32;
        e.level = rng.any_i32();
        e.monster = rng.next_u64() as u16;
        e.uid = rng.next_u64() as u32;
    }
    top
}

/// `rd_score` on one mutant: no panic, Ok exactly for a valid file, a
/// faithful read or an untouched list. Whether it was valid.
fn check_reader(what: &str, m: &[u8], rng: &mut Inputs) -> bool {
    let valid = is_valid(m);
    let given = filler(rng);
    let mut top = given.clone();
    let read = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| rd_score(m, &mut top).is_ok()))
        .unwrap_or_else(|_| panic!("{what}: rd_score panicked"));
    assert_eq!(
        read,
        valid,
        "{what}: rd_score says {} for a {} file",
        if read { "Ok" } else { "Err" },
        if valid { "valid" } else { "damaged" }
    );
    if read && !m.is_empty() {
        assert!(wr_score(&top) == m, "{what}: read, the file does not write back as it was");
    }
    if !read || m.is_empty() {
        assert!(top == given, "{what}: a refused (or empty) file changed the list");
    }
    valid
}

/// A damaged file to run the programs on.
struct Damaged {
    what: String,
    bytes: Vec<u8>,
}

#[test]
fn mutants_of_every_golden_score_file() {
    let started = std::time::Instant::now();
    let goldens = oracle_files(".scr");
    assert!(goldens.len() >= 50, "the golden score files are found ({})", goldens.len());
    let mut rng = Inputs::new(0x5c0e_f11e);
    let mut tally: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    fn count(tally: &mut BTreeMap<String, (usize, usize)>, kind: &str, valid: bool) {
        let t = tally.entry(kind.to_string()).or_default();
        if valid {
            t.1 += 1;
        } else {
            t.0 += 1;
        }
    }
    // Damaged files kept for the program runs: a few of each kind, picked
    // at random (all of the rare kinds).
    let mut damaged: Vec<Damaged> = Vec::new();
    fn keep(damaged: &mut Vec<Damaged>, what: String, m: &[u8], kind: &str) {
        if damaged.iter().filter(|d| d.what.split(' ').next() == Some(kind)).count() < 5 {
            damaged.push(Damaged { what, bytes: m.to_vec() });
        }
    }

    // And a few mutants that are still valid files.
    let mut still_valid: Vec<Damaged> = Vec::new();

    for (name, bytes) in &goldens {
        assert!(check_reader(name, bytes, &mut rng), "{name}: a golden file must read");
        for n in 0..PER_FILE {
            let kind = KINDS[n % KINDS.len()];
            let m = mutate(&mut rng, bytes, kind);
            let what = format!("{kind:?} #{n} of {name}");
            let valid = check_reader(&what, &m, &mut rng);
            count(&mut tally, &format!("{kind:?}"), valid);
            if !valid && !bytes.is_empty() && rng.chance(16) {
                keep(&mut damaged, what, &m, &format!("{kind:?}"));
            } else if valid && m != *bytes && still_valid.len() < 8 && rng.chance(32) {
                still_valid.push(Damaged { what, bytes: m });
            }
        }
    }

    // Whole files of other kinds.
    let mut others: Vec<(String, Vec<u8>)> = vec![
        ("Empty".into(), Vec::new()),
        ("Zeros".into(), vec![0; FILE_LEN]),
        ("Noise".into(), random_bytes(&mut rng, FILE_LEN)),
        ("Huge".into(), random_bytes(&mut rng, 16 << 20)),
        ("HugeZeros".into(), vec![0; 16 << 20]),
    ];
    for (name, save) in oracle_files(".save") {
        // A save file, and one cut or padded to a score file's length.
        let mut sized = save.clone();
        sized.resize(FILE_LEN, 0);
        others.push((format!("SaveFile {name}"), save));
        others.push((format!("SaveSized {name}"), sized));
    }
    for (name, text) in oracle_files(".case").into_iter().take(5) {
        others.push((format!("CaseText {name}"), text));
    }
    for (what, m) in &others {
        let valid = check_reader(what, m, &mut rng);
        let kind = what.split(' ').next().unwrap();
        count(&mut tally, kind, valid);
        if !valid {
            keep(&mut damaged, what.clone(), m, kind);
        }
    }
    let reader_time = started.elapsed();

    let total: usize = tally.values().map(|t| t.0 + t.1).sum();
    assert!(total >= 5000, "thousands of mutants ({total})");
    for (kind, (bad, ok)) in &tally {
        eprintln!("score_mutation: {kind}: {bad} damaged, {ok} still valid");
    }
    // Every kind but the harmless ones makes damaged files.
    for kind in ["Truncated", "BitsFlipped", "PiecesSwapped", "EntryDuplicated", "Grown", "LineEdited", "NameEdited"] {
        assert!(tally[kind].0 > 0, "{kind} made no damaged file");
    }
    for kind in ["EntriesSwapped", "EntryCopied", "LineEdited", "Empty"] {
        assert!(tally[kind].1 > 0, "{kind} made no valid file");
    }

    let dir = std::env::temp_dir().join(format!("rogue-score-mut-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for (i, d) in damaged.iter().enumerate() {
        list_scores_refuses(&dir.join(format!("s{i}")), d);
        game_end_leaves_it(&dir.join(format!("d{i}")), d, i % 4 == 0);
    }
    assert!(!still_valid.is_empty());
    for (i, v) in still_valid.iter().enumerate() {
        list_scores_reads(&dir.join(format!("v{i}")), v);
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "score_mutation: {total} mutants read in {reader_time:?}; {} damaged files through rogue -s and rogue -d; \
         {:?} in all",
        damaged.len(),
        started.elapsed()
    );
}

/// `rogue -s --score-file F` on a damaged file: one line naming the file
/// and what is wrong with it, a failing status, the file unchanged.
fn list_scores_refuses(dir: &Path, d: &Damaged) {
    std::fs::create_dir_all(dir).unwrap();
    let scr = dir.join("mutant.scr");
    std::fs::write(&scr, &d.bytes).unwrap();
    let out = Command::new(common::rogue_bin())
        .arg("-s")
        .arg("--score-file")
        .arg(&scr)
        .current_dir(dir)
        .env_remove("ROGUEOPTS")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let what = &d.what;
    let text = [out.stdout.as_slice(), out.stderr.as_slice()].concat();
    let text = String::from_utf8_lossy(&text);
    assert_eq!(out.status.code(), Some(1), "{what}: rogue -s exits with status 1; it printed {text:?}");
    assert_eq!(text.matches('\n').count(), 1, "{what}: one line: {text:?}");
    assert!(text.ends_with('\n'));
    let line = text.trim_end();
    assert!(line.starts_with(&format!("rogue: {}: ", scr.display())), "{what}: the line names the file: {line:?}");
    assert!(
        line.contains("damaged score file (entry ") || line.contains("not a Rogue 5.4.4 score file ("),
        "{what}: the line says what is wrong: {line:?}"
    );
    assert!(line.ends_with("the file was left unchanged."), "{what}: {line:?}");
    assert!(std::fs::read(&scr).unwrap() == d.bytes, "{what}: rogue -s changed the file");
    let left: Vec<_> = std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(left, ["mutant.scr"], "{what}: rogue -s left other files");
}

/// `rogue -s --score-file F` on a file that is still valid: the list,
/// status 0, the file unchanged.
fn list_scores_reads(dir: &Path, v: &Damaged) {
    std::fs::create_dir_all(dir).unwrap();
    let scr = dir.join("mutant.scr");
    std::fs::write(&scr, &v.bytes).unwrap();
    let out = Command::new(common::rogue_bin())
        .arg("-s")
        .arg("--score-file")
        .arg(&scr)
        .env_remove("ROGUEOPTS")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    let what = &v.what;
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{what}: rogue -s fails on a valid file: {text:?}");
    assert!(text.starts_with("Top Ten Scores:\n   Score Name\n"), "{what}: {text:?}");
    assert!(std::fs::read(&scr).unwrap() == v.bytes, "{what}: rogue -s changed the file");
}

/// The screen at the end of a traced run (frames replayed), each row
/// padded to 80 columns and all rows joined, so that a long line that
/// wrapped reads whole.
fn final_screen(out: &str) -> String {
    let mut rows = vec![String::new(); 24];
    for l in out.lines() {
        if let Some(rest) = l.strip_prefix("R ") {
            let (n, text) = rest.split_once(' ').unwrap_or((rest, ""));
            rows[n.parse::<usize>().unwrap()] = text.to_string();
        }
    }
    rows.iter().map(|r| format!("{r:<80}")).collect()
}

/// A `rogue -d` case (a death that posts a score) with a damaged score
/// file: the game says so, ends with status 1, and the file stays as it
/// was; no lock is left. `in_folder`: the file is the case's own
/// `rogue.scr` in-file (the default place); otherwise a shared file
/// (`--score-file`).
fn game_end_leaves_it(dir: &Path, d: &Damaged, in_folder: bool) {
    std::fs::create_dir_all(dir).unwrap();
    let what = &d.what;
    let side = dir.join("mutant.scr");
    std::fs::write(&side, &d.bytes).unwrap();
    let in_file = if in_folder { "in-file: rogue.scr mutant.scr\n" } else { "" };
    let case = dir.join("demo.case");
    std::fs::write(
        &case,
        format!(
            "kind: scores\nname: demo\nseed: 1751892000\ntime: 1751840000\npid: 52000\nuid: 1000\ngid: 1000\n\
             user: u1\nhome: /home/u1/\ncwd: /home/u1\nterm: vt100\nlines: 24\ncols: 80\ntz: UTC\nargs: -d\n\
             {in_file}keys: 2\nends: exit\n\n\\n\\n\n"
        ),
    )
    .unwrap();
    let run = dir.join("run");
    let opts = if in_folder {
        RunOptions { out_dir: Some(run.clone()), score_file: None }
    } else {
        RunOptions { out_dir: Some(run.clone()), score_file: Some(side.clone()) }
    };
    let out = trace::run_path(&case, &opts).unwrap_or_else(|e| panic!("{what}: {e}"));
    let exit = out.lines().rev().find(|l| l.starts_with("F ")).unwrap_or("");
    assert!(exit.contains(" exit ") && exit.ends_with(" status=1"), "{what}: the demo ends with status 1: {exit:?}");
    let screen = final_screen(&out);
    assert!(
        screen.contains("damaged score file (entry ") || screen.contains("not a Rogue 5.4.4 score file ("),
        "{what}: the game says what is wrong:\n{out}"
    );
    assert!(screen.contains("this game's score was not recorded."), "{what}:\n{out}");
    let (file, lock) =
        if in_folder { (run.join("rogue.scr"), run.join("rogue.lck")) } else { (side, dir.join("rogue.lck")) };
    assert!(std::fs::read(&file).unwrap() == d.bytes, "{what}: the game changed the score file");
    assert!(!lock.exists(), "{what}: the lock is left behind");
    let _ = std::fs::remove_dir_all(dir);
}
