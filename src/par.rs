//! An ordered parallel map over a slice, for work made of independent pieces (the questions of
//! a check, the files of a bank).

use std::sync::atomic::{AtomicUsize, Ordering};

/// Stack for each worker thread: evaluation recurses over the source, as in the main thread.
const WORKER_STACK: usize = 32 * 1024 * 1024;

/// `items.iter().map(f).collect()`, with the items shared out over the machine's cores; the
/// results keep the items' order whatever order they finish in.
pub fn map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get()).min(items.len());
    let mut results: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    if workers > 1 {
        let next = AtomicUsize::new(0);
        let work = || {
            let mut done = Vec::new();
            loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(item) = items.get(i) else { break };
                done.push((i, f(item)));
            }
            done
        };
        std::thread::scope(|s| {
            let handles: Vec<_> = (0..workers)
                .filter_map(|_| std::thread::Builder::new().stack_size(WORKER_STACK).spawn_scoped(s, work).ok())
                .collect();
            for h in handles {
                match h.join() {
                    Ok(done) => done.into_iter().for_each(|(i, r)| results[i] = Some(r)),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
        });
    }
    // Whatever no worker reached (one core, or no thread could start) is done here.
    items.iter().zip(results).map(|(item, r)| r.unwrap_or_else(|| f(item))).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn keeps_order_and_covers_every_item() {
        let items: Vec<u64> = (0..1000).collect();
        assert_eq!(super::map(&items, |x| x * x), items.iter().map(|x| x * x).collect::<Vec<_>>());
        assert!(super::map(&[] as &[u8], |x| *x).is_empty());
    }
}
