#![no_main]

use arbiter::fuzz::{Target, run};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| run(Target::ChessFen, data));
