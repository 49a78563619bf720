//! A queue between two threads that take turns: the receiver spins a
//! moment before it sleeps, because the other side usually answers
//! within microseconds (a game's turn, a bot's decision) and waking a
//! sleeping thread costs more than the turn itself.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

/// How long a receiver spins before it sleeps.
const SPIN: Duration = Duration::from_micros(50);

struct State<T> {
    items: VecDeque<T>,
    /// The sending side is gone.
    closed: bool,
    /// The receiving side is gone.
    deaf: bool,
    /// The receiver sleeps on the condition variable.
    sleeping: bool,
}

struct Queue<T> {
    state: Mutex<State<T>>,
    /// Something is queued (read without the lock while spinning).
    ready: AtomicBool,
    wake: Condvar,
}

impl<T> Queue<T> {
    fn lock(&self) -> MutexGuard<'_, State<T>> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The sending end.
pub struct Sender<T>(Arc<Queue<T>>);
/// The receiving end.
pub struct Receiver<T>(Arc<Queue<T>>);

/// A new queue.
pub fn channel<T>() -> (Sender<T>, Receiver<T>) {
    let q = Arc::new(Queue {
        state: Mutex::new(State { items: VecDeque::new(), closed: false, deaf: false, sleeping: false }),
        ready: AtomicBool::new(false),
        wake: Condvar::new(),
    });
    (Sender(Arc::clone(&q)), Receiver(q))
}

impl<T> Sender<T> {
    /// Queue a value; it comes back when the receiver is gone.
    pub fn send(&self, v: T) -> Result<(), T> {
        let mut s = self.0.lock();
        if s.deaf {
            return Err(v);
        }
        s.items.push_back(v);
        self.0.ready.store(true, Ordering::Release);
        if s.sleeping {
            self.0.wake.notify_one();
        }
        Ok(())
    }
}

impl<T> Drop for Sender<T> {
    fn drop(&mut self) {
        let mut s = self.0.lock();
        s.closed = true;
        self.0.ready.store(true, Ordering::Release);
        if s.sleeping {
            self.0.wake.notify_one();
        }
    }
}

impl<T> Receiver<T> {
    /// The next value; `None` once the sender is gone and all is taken.
    pub fn recv(&self) -> Option<T> {
        let start = Instant::now();
        let mut spins = 0u32;
        while !self.0.ready.load(Ordering::Acquire) {
            std::hint::spin_loop();
            spins += 1;
            if spins.is_multiple_of(64) {
                if start.elapsed() > SPIN {
                    break;
                }
                std::thread::yield_now();
            }
        }
        let mut s = self.0.lock();
        loop {
            if let Some(v) = s.items.pop_front() {
                if s.items.is_empty() && !s.closed {
                    self.0.ready.store(false, Ordering::Release);
                }
                return Some(v);
            }
            if s.closed {
                return None;
            }
            s.sleeping = true;
            s = self.0.wake.wait(s).unwrap_or_else(PoisonError::into_inner);
            s.sleeping = false;
        }
    }
}

impl<T> Drop for Receiver<T> {
    fn drop(&mut self) {
        let mut s = self.0.lock();
        s.deaf = true;
        s.items.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_arrive_in_order_and_the_end_is_seen() {
        let (tx, rx) = channel();
        let t = std::thread::spawn(move || {
            for i in 0..10_000 {
                tx.send(i).expect("the receiver is there");
                if i % 1000 == 0 {
                    std::thread::sleep(Duration::from_millis(1));
                }
            }
        });
        for i in 0..10_000 {
            assert_eq!(rx.recv(), Some(i));
        }
        assert_eq!(rx.recv(), None);
        t.join().expect("the sender ends");
    }

    #[test]
    fn a_send_to_nobody_comes_back() {
        let (tx, rx) = channel();
        drop(rx);
        assert_eq!(tx.send(3), Err(3));
    }
}
