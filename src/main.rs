//! The `arbiter` binary: parse config → init telemetry → serve.

use clap::Parser;

use arbiter::{config::Config, telemetry, transport::net::server};

/// Every call builds and drops many small buffers (HTTP/2 frames, headers,
/// the request's strings); glibc's allocator spent about a third of the
/// server's CPU on them under load, when a move list still allocated a string
/// per text, and mimalloc a fraction of that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> std::process::ExitCode {
    let config = Config::parse();
    telemetry::init_logging(config.log_format);
    let _ = telemetry::metrics_handle();
    match server::start(config, server::termination_signal()).await {
        Ok(running) => {
            tracing::info!(grpc = %running.grpc_addr, admin = %running.admin_addr, "arbiter serving");
            match running.wait().await {
                Ok(()) => std::process::ExitCode::SUCCESS,
                Err(e) => {
                    tracing::error!(error = %e, "server failed");
                    std::process::ExitCode::FAILURE
                }
            }
        }
        Err(e) => {
            tracing::error!(error = %e, "cannot start");
            eprintln!("arbiter: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
