//! The public API refuses what it cannot use, and never panics on its
//! caller's input: nonsense configs (screens of any size, names and
//! options of any bytes, any seed and clock) and cells off the screen.

use rogue::session::{Action, Config, ConfigError, Controller, Observation, Session, Wait, drive, play};

/// Screens the game cannot use.
const BAD_SCREENS: [(i32, i32); 10] = [
    (-1, 80),
    (24, -5),
    (0, 0),
    (23, 80),
    (24, 79),
    (100_000, 100_000),
    (1001, 80),
    (24, 1001),
    (i32::MAX, i32::MAX),
    (i32::MIN, i32::MIN),
];

#[test]
fn screens_the_game_cannot_use_are_refused() {
    for (lines, cols) in BAD_SCREENS {
        let c = Config { lines, cols, ..Config::default() };
        let want = ConfigError::Screen { lines, cols };
        assert_eq!(c.validate(), Err(want.clone()), "{lines}x{cols}");
        assert_eq!(Session::new(&c).err(), Some(want.clone()), "{lines}x{cols}");
        assert_eq!(play(&c, |_: &Observation| Some(b'h')).err(), Some(want.clone()));
        assert!(drive(&c, Stopper).is_err());
        let text = want.to_string();
        assert!(text.contains("at least 24x80"), "{text}");
    }
}

#[test]
fn screens_at_the_bounds_play() {
    for (lines, cols) in [(24, 80), (1000, 1000), (24, 1000), (1000, 80), (60, 200)] {
        let mut s = Session::new(&Config { lines, cols, ..Config::default() }).expect("a usable screen");
        let o = s.observation();
        assert_eq!((o.screen.lines, o.screen.cols, o.wait), (lines, cols, Wait::Command));
        assert!(o.status().is_some(), "{lines}x{cols}: no status line");
        let o = s.send_keys(b"hjkl \x1b");
        assert!(o.outcome.is_none(), "{lines}x{cols}: {:?}", o.outcome);
    }
}

/// Names, options, seeds and clocks of any value start a game that plays
/// and ends without a panic inside it.
#[test]
fn any_name_options_seed_and_clock_play() {
    let users = ["", "\0", " ", "a/b", "../../etc/passwd", "\u{e9}\u{1}\u{7f}\u{ff}", &"x".repeat(10_000)];
    let opts: [Option<&str>; 9] = [
        None,
        Some(""),
        Some(",,,=,=="),
        Some("name="),
        Some("fruit=\0,name=\0"),
        Some(&"name=aaaa".repeat(1000)),
        Some("file=/etc/passwd,inven=bogus,terse,noterse,fruit,name"),
        Some("\u{ff}\u{fe}\u{0}"),
        Some("inven=clear,jump,flush,askme,passgo,tombstone,seefloor"),
    ];
    let clocks = [(0, 0), (i32::MIN, i64::MIN), (i32::MAX, i64::MAX), (-1, -1)];
    for user in users {
        for o in opts {
            for (seed, time) in clocks {
                let c = Config {
                    user: user.to_string(),
                    rogueopts: o.map(str::to_string),
                    seed,
                    time,
                    ..Config::default()
                };
                let what = format!(
                    "user {:?} opts {:?} seed {seed} time {time}",
                    &user[..user.len().min(12)],
                    o.map(|o| &o[..o.len().min(20)])
                );
                let mut s = Session::new(&c).unwrap_or_else(|e| panic!("{what}: refused: {e}"));
                // Look around, then quit: the tombstone-less ending and the
                // score list read the name and the clock.
                let o = s.send_keys(b"hjkls\x1bQy \n \n \n").clone();
                if let Some(c) = o.outcome.as_ref().and_then(|o| o.crashed.clone()) {
                    panic!("{what}: the game panicked: {c}");
                }
            }
        }
    }
}

/// A new game asked for with a bad config is refused; the game under way
/// goes on.
#[test]
fn a_bad_new_game_is_refused_and_the_game_goes_on() {
    let mut s = Session::new(&Config::default()).expect("the default config");
    let before = s.send(b'h').clone();
    assert!(s.new_game(&Config { lines: -1, ..Config::default() }).is_err());
    assert_eq!(s.observation(), &before);
    assert_eq!(s.send(b'l').wait, Wait::Command);
}

/// [`Action::New`] from a controller: refused, the controller hears why and
/// is asked again.
#[test]
fn a_controller_s_bad_new_game_is_refused() {
    struct Asks {
        asked: u32,
        refused: Vec<ConfigError>,
    }
    impl Controller for Asks {
        fn next(&mut self, _: &Observation) -> Action {
            self.asked += 1;
            match self.asked {
                1 => Action::New(Box::new(Config { lines: 100_000, cols: 100_000, ..Config::default() })),
                _ => Action::Stop,
            }
        }
        fn refused(&mut self, e: ConfigError) {
            self.refused.push(e);
        }
    }
    let done = drive(&Config::default(), Asks { asked: 0, refused: Vec::new() }).expect("the default config");
    assert_eq!(done.asked, 2);
    assert_eq!(done.refused, [ConfigError::Screen { lines: 100_000, cols: 100_000 }]);
}

struct Stopper;

impl Controller for Stopper {
    fn next(&mut self, _: &Observation) -> Action {
        Action::Stop
    }
}

#[test]
fn cells_off_the_screen_read_as_blank() {
    let s = Session::new(&Config::default()).expect("the default config");
    let o = s.observation();
    for (y, x) in [(-1, 0), (0, -1), (24, 0), (0, 80), (i32::MIN, i32::MIN), (i32::MAX, i32::MAX)] {
        assert_eq!(o.cell(y, x), None, "({y}, {x})");
        assert_eq!(o.ch(y, x), b' ');
        assert!(!o.standout(y, x));
    }
    for y in [-1, 24, 30, i32::MIN, i32::MAX] {
        assert_eq!(o.row(y), "");
    }
    assert!(o.cell(0, 0).is_some() && o.cell(23, 79).is_some());
}
