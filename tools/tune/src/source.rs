//! The tuned weights as Rust source: a whole `weights.rs` for
//! `crates/arbiter-engine/src/eval/GAME/`, in the layout of the one it
//! replaces, with a header stating the run that produced it.

use std::fmt::Write as _;

use arbiter_engine::eval::trace::{Group, Tapered};

/// What the header says about the run.
#[derive(Debug)]
pub(crate) struct RunNote {
    /// The game's name.
    pub(crate) game: &'static str,
    /// The data file, as given.
    pub(crate) data: String,
    /// Free text about the data (how it was made), if given.
    pub(crate) note: Option<String>,
    /// Positions fitted to and held out.
    pub(crate) train: usize,
    pub(crate) validation: usize,
    /// The sigmoid's scale, per centipawn.
    pub(crate) k: f64,
    pub(crate) epochs: usize,
    /// The epoch whose weights were kept (lowest validation error).
    pub(crate) best_epoch: usize,
    pub(crate) rate: f64,
    pub(crate) l2: f64,
    /// The prefixes of the groups held at their start.
    pub(crate) frozen: Vec<String>,
    /// Mean squared errors: training before and after, validation before
    /// and after.
    pub(crate) errors: [f64; 4],
}

/// The source of a weights module holding `weights`, laid out by `layout`.
pub(crate) fn weights_module(note: &RunNote, layout: &[Group], weights: &[Tapered]) -> String {
    let mut out = String::new();
    let [train_before, train_after, val_before, val_after] = note.errors;
    // Writing to a String cannot fail.
    let _ = write!(
        out,
        "//! The {game} evaluation's weights (see [`super::LAYOUT`] for what each is),\n\
         //! fitted to labelled positions by `arbiter-tune` (Texel's method), starting from\n\
         //! the weights in the source before the run (git history has them).\n\
         //!\n\
         //! The run: `arbiter-tune --game {game} --data {data} --epochs {epochs} \
         --rate {rate} --l2 {l2}{freeze}`\n",
        freeze = note
            .frozen
            .iter()
            .map(|f| format!(" --freeze '{f}'"))
            .collect::<String>(),
        game = note.game,
        data = note.data,
        epochs = note.epochs,
        rate = note.rate,
        l2 = note.l2,
    );
    if let Some(text) = &note.note {
        for line in wrap(text, 72) {
            let _ = writeln!(out, "//! {line}");
        }
    }
    let _ = write!(
        out,
        "//! {train} positions fitted, {validation} held out (by game); sigmoid scale\n\
         //! K = {k:.6} per centipawn, fitted to the starting weights; {epochs} epochs of\n\
         //! full-batch Adam, the weights of epoch {best_epoch} kept (the lowest validation\n\
         //! error). Mean squared error of sigmoid(K * eval) against the result:\n\
         //! training {train_before:.6} before, {train_after:.6} after; validation\n\
         //! {val_before:.6} before, {val_after:.6} after.\n\
         \n\
         use crate::eval::trace::Tapered;\n\
         \n\
         /// The weights, indexed as [`super::LAYOUT`] says.\n\
         #[rustfmt::skip]\n\
         pub const WEIGHTS: [Tapered; super::WEIGHT_COUNT] = [\n",
        train = note.train,
        validation = note.validation,
        k = note.k,
        epochs = note.epochs,
        best_epoch = note.best_epoch,
    );
    for group in layout {
        let _ = writeln!(out, "    // {}", group.name);
        let part = &weights[group.start..group.start + group.len];
        for row in part.chunks(group.width.max(1)) {
            let cells: Vec<String> = row
                .iter()
                .map(|w| format!("Tapered({}, {}),", w.0, w.1))
                .collect();
            let _ = writeln!(out, "    {}", cells.join(" "));
        }
    }
    out.push_str("];\n");
    out
}

/// `text`'s words in lines of at most `width` characters (a longer word
/// has a line of its own).
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.len() + 1 + word.len() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}
