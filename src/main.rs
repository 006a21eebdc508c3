//! The `arbiter` binary: parse config → init telemetry → serve; or, with
//! `arbiter uci`, the UCI protocol on stdin/stdout.

use clap::Parser;

use arbiter::{
    config::{Command, Config, UciArgs},
    telemetry,
    transport::{net::server, uci_remote},
    uci,
};

/// Every call builds and drops many small buffers (HTTP/2 frames, headers,
/// the request's strings); glibc's allocator spent about a third of the
/// server's CPU on them under load, when a move list still allocated a string
/// per text, and mimalloc a fraction of that.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    let config = Config::parse();
    match config.command.clone() {
        Some(Command::Uci(args)) => run_uci(&args),
        Some(Command::Match(args)) => arbiter::arena::run(&args),
        None => match tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime.block_on(serve(config)),
            Err(e) => {
                eprintln!("arbiter: cannot start the runtime: {e}");
                std::process::ExitCode::from(2)
            }
        },
    }
}

/// The UCI session; nothing but the protocol goes to stdout.
fn run_uci(args: &UciArgs) -> std::process::ExitCode {
    let stdin = std::io::stdin().lock();
    let stdout = Box::new(std::io::stdout());
    if let Some(address) = &args.connect {
        return match uci_remote::RemoteBackend::new(
            address,
            args.tls_ca.as_deref(),
            args.token.clone(),
        ) {
            Ok(backend) => {
                uci::run(backend, stdin, stdout);
                std::process::ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("arbiter uci: {e}");
                std::process::ExitCode::from(2)
            }
        };
    }
    match uci::LocalBackend::new(16) {
        Ok(backend) => {
            uci::run(backend, stdin, stdout);
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("arbiter uci: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> std::process::ExitCode {
    // Before the server: its services register their metrics as they are built.
    let telemetry = telemetry::init(config.log_format);
    match server::start(config, &telemetry, server::termination_signal()).await {
        Ok(running) => {
            tracing::info!(grpc = %running.grpc_addr, http = %running.http_addr, admin = %running.admin_addr, "arbiter serving");
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
