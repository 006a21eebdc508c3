//! A process-wide cap on calls in flight. Past it, a call is refused at once
//! with `RESOURCE_EXHAUSTED` instead of queueing, so an overloaded replica
//! answers quickly and clients (or their load balancer) back off or go
//! elsewhere. Health checks are exempt: a busy replica is not a dead one,
//! and failing its probes would only move the load onto fewer replicas.
//!
//! The per-connection cap is tonic's own (`concurrency_limit_per_connection`
//! with load shedding), which keeps one greedy connection from taking every
//! global permit. The permits are a [`CallBudget`] shared with the batch
//! workers, which take one more per item being answered.

use std::{
    future::Future,
    pin::Pin,
    task::{Context, Poll},
};

use http::{Request, Response};
use tower::{Layer, Service};

use crate::transport::budget::CallBudget;

/// Path prefix of the gRPC health service, exempt from the cap.
const HEALTH_PREFIX: &str = "/grpc.health.v1.Health/";

/// Refuses calls beyond the budget in flight across all connections.
#[derive(Debug, Clone)]
pub struct GlobalLimitLayer {
    budget: CallBudget,
}

impl GlobalLimitLayer {
    /// A cap of `budget`'s calls in flight, health checks exempt.
    #[must_use]
    pub fn new(budget: CallBudget) -> Self {
        GlobalLimitLayer { budget }
    }
}

impl<S> Layer<S> for GlobalLimitLayer {
    type Service = GlobalLimit<S>;

    fn layer(&self, inner: S) -> Self::Service {
        GlobalLimit {
            inner,
            budget: self.budget.clone(),
        }
    }
}

/// The service [`GlobalLimitLayer`] wraps: refuses a call past the cap rather than queueing it.
#[derive(Debug, Clone)]
pub struct GlobalLimit<S> {
    inner: S,
    budget: CallBudget,
}

impl<S, ReqBody> Service<Request<ReqBody>> for GlobalLimit<S>
where
    S: Service<Request<ReqBody>, Response = Response<tonic::body::Body>>,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response<tonic::body::Body>;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, request: Request<ReqBody>) -> Self::Future {
        if request.uri().path().starts_with(HEALTH_PREFIX) {
            return Box::pin(self.inner.call(request));
        }
        match self.budget.try_take() {
            Some(permit) => {
                let call = self.inner.call(request);
                Box::pin(async move {
                    let response = call.await;
                    drop(permit);
                    response
                })
            }
            None => Box::pin(std::future::ready(Ok(self.budget.exhausted().into_http()))),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::{convert::Infallible, sync::Arc};

    use tokio::sync::Notify;
    use tower::{ServiceExt, service_fn};

    use super::*;

    fn grpc_status(response: &Response<tonic::body::Body>) -> Option<String> {
        response
            .headers()
            .get("grpc-status")
            .map(|v| v.to_str().unwrap().to_owned())
    }

    #[tokio::test]
    async fn calls_past_the_limit_are_refused_and_health_is_exempt() {
        let release = Arc::new(Notify::new());
        let gate = Arc::clone(&release);
        let inner = service_fn(move |request: Request<()>| {
            let gate = Arc::clone(&gate);
            async move {
                if request.uri().path() == "/slow" {
                    gate.notified().await;
                }
                Ok::<_, Infallible>(Response::new(tonic::body::Body::default()))
            }
        });
        let service = GlobalLimitLayer::new(CallBudget::new(1)).layer(inner);
        let request = |path: &str| Request::builder().uri(path).body(()).unwrap();

        let held = tokio::spawn(service.clone().oneshot(request("/slow")));
        tokio::task::yield_now().await;
        let refused = service.clone().oneshot(request("/fast")).await.unwrap();
        assert_eq!(grpc_status(&refused).as_deref(), Some("8"));
        let health = service
            .clone()
            .oneshot(request("/grpc.health.v1.Health/Check"))
            .await
            .unwrap();
        assert_eq!(grpc_status(&health), None);

        release.notify_one();
        held.await.unwrap().unwrap();
        let served = service.clone().oneshot(request("/fast")).await.unwrap();
        assert_eq!(grpc_status(&served), None, "the permit came back");
    }
}
