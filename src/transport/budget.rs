//! The process-wide budget of calls in flight, shared by what counts work
//! against it: the global limit (`net::limits`), which admits each call, and
//! the batch workers (`rpc::batch`), which count a batch's items as the
//! calls they stand for. Neither depends on the other.
//!
//! Nothing waits for the budget: past it, work is refused at once, so an
//! overloaded replica answers quickly and no two holders can wait on each
//! other.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tonic::Status;

/// Permits for `limit` calls in flight; clones share them.
#[derive(Debug, Clone)]
pub struct CallBudget {
    permits: Arc<Semaphore>,
    limit: usize,
}

impl CallBudget {
    /// A budget of `limit` calls (at most tokio's `Semaphore::MAX_PERMITS`).
    #[must_use]
    pub fn new(limit: usize) -> Self {
        let limit = limit.min(Semaphore::MAX_PERMITS);
        CallBudget {
            permits: Arc::new(Semaphore::new(limit)),
            limit,
        }
    }

    /// A budget nothing exhausts, for a service used without the server's
    /// limits (benches, fuzz harnesses).
    #[must_use]
    pub fn unlimited() -> Self {
        CallBudget::new(Semaphore::MAX_PERMITS)
    }

    /// The permit of one call, or `None` when the budget is spent (counted
    /// in `arbiter_shed_requests_total`).
    #[must_use]
    pub fn try_take(&self) -> Option<OwnedSemaphorePermit> {
        self.try_take_many(1)
    }

    /// For a call already admitted that carries `items` pieces of work (a
    /// batch): the permits of the items beyond the first, which the call's
    /// own permit stands for, so the call weighs what its items would as
    /// unary calls. At most the whole budget is asked for, so that the
    /// largest batch still runs on an idle server. Refused with the status
    /// of a call past the limit.
    pub fn try_take_items(&self, items: usize) -> Result<ItemPermits, Status> {
        let beyond_first = items.clamp(1, self.limit) - 1;
        if beyond_first == 0 {
            return Ok(ItemPermits { _held: None });
        }
        self.try_take_many(beyond_first)
            .map(|permit| ItemPermits {
                _held: Some(permit),
            })
            .ok_or_else(|| self.exhausted())
    }

    /// For work that no admitted call stands for (a round of items on a
    /// stream, whose call gave its permit back once it was answered with
    /// its headers): the permits of all `items`, at most the whole budget.
    pub fn try_take_all_items(&self, items: usize) -> Result<ItemPermits, Status> {
        self.try_take_many(items.clamp(1, self.limit))
            .map(|permit| ItemPermits {
                _held: Some(permit),
            })
            .ok_or_else(|| self.exhausted())
    }

    fn try_take_many(&self, calls: usize) -> Option<OwnedSemaphorePermit> {
        let calls = u32::try_from(calls).unwrap_or(u32::MAX);
        match Arc::clone(&self.permits).try_acquire_many_owned(calls) {
            Ok(permit) => Some(permit),
            Err(_) => {
                metrics::counter!("arbiter_shed_requests_total").increment(u64::from(calls));
                None
            }
        }
    }

    /// What a call refused for want of budget ends with.
    #[must_use]
    pub fn exhausted(&self) -> Status {
        Status::resource_exhausted(format!(
            "the server is at its limit of {} concurrent calls; retry with backoff",
            self.limit
        ))
    }
}

/// The permits a batch's items hold while they are answered.
#[derive(Debug)]
pub struct ItemPermits {
    _held: Option<OwnedSemaphorePermit>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_weigh_as_calls_and_return_when_done() {
        let budget = CallBudget::new(4);
        let call = budget.try_take().unwrap();
        // The call's own permit stands for its first item.
        let three_items = budget.try_take_items(3).unwrap();
        assert!(
            budget.try_take_items(2).is_ok(),
            "one item needs nothing more"
        );
        let other = budget.try_take().unwrap();
        assert!(budget.try_take().is_none(), "all four are taken");
        let refused = budget.try_take_items(2).unwrap_err();
        assert_eq!(refused.code(), tonic::Code::ResourceExhausted);
        drop((three_items, other));
        // More items than the whole budget ask for the whole budget: with
        // the call's own permit held, three more are free.
        assert!(budget.try_take_items(100).is_ok());
        drop(call);
        assert!(budget.try_take_items(100).is_ok());
        let round = budget.try_take_all_items(100).unwrap();
        assert!(
            budget.try_take().is_none(),
            "a round takes the whole budget"
        );
        drop(round);
        assert!(budget.try_take_all_items(1).is_ok());
    }
}
