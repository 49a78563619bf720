//! Stackful coroutines: a function run on a stack of its own, which can
//! stop in the middle of any call and be taken up again later, on the
//! same thread (the `corosensei` crate, behind a handle a deep caller can
//! keep).
//!
//! A game reads its keys deep inside its own calls (a `--More--` in the
//! middle of a fight), far from the function the coroutine runs. So the
//! function is handed a [`Suspender`] that it may move anywhere, even into
//! a `'static` value, instead of the crate's borrowed `Yielder`. Calling
//! one is checked: it works only while its own coroutine is the one
//! running on this thread, and panics otherwise (a suspender kept past its
//! coroutine, or used from another's stack), so no misuse reaches a
//! dangling `Yielder`.

use std::cell::Cell;
use std::marker::PhantomData;

use corosensei::stack::DefaultStack;
use corosensei::{CoroutineResult, Yielder};

thread_local! {
    /// The coroutine whose stack runs now on this thread (0: none, the
    /// thread's own stack).
    static RUNNING: Cell<u64> = const { Cell::new(0) };
    /// The last id handed out.
    static LAST_ID: Cell<u64> = const { Cell::new(0) };
}

/// A function on a stack of its own: resumed with an `I`, it answers a
/// `Y` each time it suspends itself, and `R` once it returns.
pub struct Coroutine<I: 'static, Y: 'static, R: 'static> {
    co: corosensei::Coroutine<I, Y, R, DefaultStack>,
    id: u64,
}

/// The way a coroutine's function suspends itself; see the module's
/// documentation. It is not `Send`: coroutines stay on their thread.
pub struct Suspender<I: 'static, Y: 'static> {
    yielder: *const Yielder<I, Y>,
    id: u64,
    _not_send: PhantomData<*const ()>,
}

impl<I: 'static, Y: 'static, R: 'static> Coroutine<I, Y, R> {
    /// `f` on a stack of `stack_bytes` (only the pages it touches are ever
    /// allocated). It starts at the first [`Coroutine::resume`], with
    /// that input.
    ///
    /// # Panics
    ///
    /// When the machine cannot map the stack.
    pub fn new<F>(stack_bytes: usize, f: F) -> Self
    where
        F: FnOnce(Suspender<I, Y>, I) -> R + 'static,
    {
        let id = LAST_ID.with(|n| {
            n.set(n.get() + 1);
            n.get()
        });
        let stack = DefaultStack::new(stack_bytes).expect("a coroutine's stack could not be mapped");
        let co = corosensei::Coroutine::with_stack(stack, move |yielder: &Yielder<I, Y>, input: I| {
            f(Suspender { yielder, id, _not_send: PhantomData }, input)
        });
        Coroutine { co, id }
    }

    /// Run the function until it suspends itself (`Ok`) or returns (`Err`).
    ///
    /// # Panics
    ///
    /// Once it has returned; and with the function's own panic.
    pub fn resume(&mut self, input: I) -> Result<Y, R> {
        let outer = RUNNING.with(|r| r.replace(self.id));
        // Put the running id back even when the function panics.
        struct Back(u64);
        impl Drop for Back {
            fn drop(&mut self) {
                RUNNING.with(|r| r.set(self.0));
            }
        }
        let _back = Back(outer);
        match self.co.resume(input) {
            CoroutineResult::Yield(y) => Ok(y),
            CoroutineResult::Return(r) => Err(r),
        }
    }

    /// Whether the function has returned.
    pub fn is_done(&self) -> bool {
        self.co.done()
    }
}

impl<I: 'static, Y: 'static> Suspender<I, Y> {
    /// Hand `y` to the caller of [`Coroutine::resume`] and wait; the next
    /// resume's input comes back.
    ///
    /// # Panics
    ///
    /// When its coroutine is not the one running on this thread.
    pub fn suspend(&self, y: Y) -> I {
        assert_eq!(RUNNING.with(Cell::get), self.id, "a suspender used outside its own coroutine");
        // SAFETY: the coroutine `self.id` runs on this thread (checked just
        // above: `resume` sets the id for exactly as long as its stack
        // runs), so its body, whose argument `yielder` is, is still on
        // that stack, and we are on it.
        let yielder = unsafe { &*self.yielder };
        yielder.suspend(y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resumes_suspends_and_returns() {
        let mut co = Coroutine::new(64 * 1024, |s: Suspender<u32, u32>, first: u32| {
            let second = s.suspend(first + 1);
            let third = s.suspend(second * 10);
            third + 100
        });
        assert_eq!(co.resume(1), Ok(2));
        assert_eq!(co.resume(3), Ok(30));
        assert_eq!(co.resume(5), Err(105));
        assert!(co.is_done());
    }

    #[test]
    fn nested_coroutines_each_suspend_their_own() {
        let mut outer = Coroutine::new(256 * 1024, |s: Suspender<(), u32>, ()| {
            let mut inner = Coroutine::new(64 * 1024, |t: Suspender<(), u32>, ()| {
                t.suspend(7);
                8
            });
            s.suspend(1);
            assert_eq!(inner.resume(()), Ok(7));
            s.suspend(2);
            assert_eq!(inner.resume(()), Err(8));
            3
        });
        assert_eq!(outer.resume(()), Ok(1));
        assert_eq!(outer.resume(()), Ok(2));
        assert_eq!(outer.resume(()), Err(3));
    }

    #[test]
    fn a_suspender_outside_its_coroutine_panics() {
        let kept: std::rc::Rc<std::cell::RefCell<Option<Suspender<(), ()>>>> = Default::default();
        let k = std::rc::Rc::clone(&kept);
        let mut co = Coroutine::new(64 * 1024, move |s: Suspender<(), ()>, ()| {
            *k.borrow_mut() = Some(s);
        });
        assert_eq!(co.resume(()), Err(()));
        let s = kept.borrow_mut().take().expect("the suspender got out");
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| s.suspend(())));
        assert!(r.is_err());
    }
}
