//! daemon.c: the table of daemons (run every turn) and fuses (run once,
//! after a countdown).

use crate::game::consts::MAXDAEMONS;
use crate::game::thing::{DAEMON, DaemonFn, DelayedAction, EMPTY};
use crate::game::{Flow, Game};

/// Daemons and fuses that run before the hero's command. The C writes
/// `spread(1)`, which is 1 and draws nothing.
pub const BEFORE: i32 = 1;
/// ... and after it (`spread(2)`, likewise 2 without a draw).
pub const AFTER: i32 = 2;

impl Game {
    // DEVIATION: with all 20 slots taken the C writes through a null pointer; the port does not start the 21st; test: deviations::twenty_first_daemon_is_not_started
    /// `d_slot`: the first empty slot. The C has no answer when all 20 are
    /// taken (it would write through a null pointer); the port then drops
    /// the new daemon.
    fn d_slot(&mut self) -> Option<&mut DelayedAction> {
        self.dungeon.d_list.iter_mut().find(|d| d.d_type == EMPTY)
    }

    /// `find_slot`: the slot running a function.
    fn find_slot(&mut self, func: DaemonFn) -> Option<&mut DelayedAction> {
        self.dungeon.d_list.iter_mut().find(|d| d.d_type != EMPTY && d.d_func == Some(func))
    }

    /// `start_daemon`.
    pub fn start_daemon(&mut self, func: DaemonFn, arg: i32, d_type: i32) {
        if let Some(d) = self.d_slot() {
            *d = DelayedAction { d_type, d_func: Some(func), d_arg: arg, d_time: DAEMON };
        }
    }

    /// `kill_daemon`.
    pub fn kill_daemon(&mut self, func: DaemonFn) {
        if let Some(d) = self.find_slot(func) {
            d.d_type = EMPTY;
        }
    }

    /// `fuse`: run a function once, in `time` turns.
    pub fn fuse(&mut self, func: DaemonFn, arg: i32, time: i32, d_type: i32) {
        if let Some(d) = self.d_slot() {
            *d = DelayedAction { d_type, d_func: Some(func), d_arg: arg, d_time: time };
        }
    }

    /// `lengthen`: put a fuse off for longer.
    pub fn lengthen(&mut self, func: DaemonFn, xtime: i32) {
        if let Some(d) = self.find_slot(func) {
            d.d_time += xtime;
        }
    }

    /// `extinguish`: put a fuse out.
    pub fn extinguish(&mut self, func: DaemonFn) {
        if let Some(d) = self.find_slot(func) {
            d.d_type = EMPTY;
        }
    }

    /// `do_daemons`: run the daemons of a phase, in slot order.
    pub fn do_daemons(&mut self, flag: i32) -> Flow {
        for i in 0..MAXDAEMONS {
            let d = self.dungeon.d_list[i];
            if d.d_type == flag
                && d.d_time == DAEMON
                && let Some(f) = d.d_func
            {
                self.run_daemon(f, d.d_arg)?;
            }
        }
        Ok(())
    }

    /// `do_fuses`: count the fuses of a phase down and set off those that
    /// reach zero.
    pub fn do_fuses(&mut self, flag: i32) -> Flow {
        for i in 0..MAXDAEMONS {
            let d = &mut self.dungeon.d_list[i];
            if flag == d.d_type && d.d_time > 0 {
                d.d_time -= 1;
                if d.d_time == 0 {
                    d.d_type = EMPTY;
                    if let Some(f) = d.d_func {
                        let arg = d.d_arg;
                        self.run_daemon(f, arg)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Call the function a slot names, with its argument.
    fn run_daemon(&mut self, f: DaemonFn, arg: i32) -> Flow {
        match f {
            DaemonFn::Runners => self.runners(),
            DaemonFn::Doctor => {
                self.doctor();
                Ok(())
            }
            DaemonFn::Stomach => self.stomach(),
            DaemonFn::Swander => {
                self.swander();
                Ok(())
            }
            DaemonFn::Rollwand => self.rollwand(),
            DaemonFn::Unconfuse => self.unconfuse(),
            DaemonFn::Unsee => {
                self.unsee();
                Ok(())
            }
            DaemonFn::Sight => self.sight(),
            DaemonFn::Nohaste => self.nohaste(),
            DaemonFn::ComeDown => self.come_down(),
            DaemonFn::Visuals => self.visuals(),
            DaemonFn::Land => self.land(),
            DaemonFn::TurnSee => {
                self.turn_see(arg != 0);
                Ok(())
            }
        }
    }
}
