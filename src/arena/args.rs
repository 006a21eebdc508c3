//! The plan `arbiter match` makes of its command line (`config::MatchArgs`).

use std::time::Duration;

use arbiter_rules::{RuleOptions, RuleSet, Variant};

use crate::config::MatchArgs;

use super::openings::{self, Opening};
use super::referee::{Adjudication, Control};
use super::spec::EngineSpec;
use super::sprt::SprtBounds;
use super::{Plan, Scheduled};

impl MatchArgs {
    /// The plan these arguments make, every setting checked.
    pub(super) fn plan(&self) -> Result<Plan, String> {
        let variant = variant(&self.game)?;
        let engines = self
            .engines
            .iter()
            .map(|spec| {
                spec.parse::<EngineSpec>()
                    .map_err(|e| format!("--engine {spec}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if engines.len() < 2 {
            return Err("a match needs at least two --engine".to_owned());
        }
        for (i, engine) in engines.iter().enumerate() {
            if engines[..i].iter().any(|other| other.name == engine.name) {
                return Err(format!(
                    "two engines are named {}: give each a name=",
                    engine.name
                ));
            }
        }
        let control = self.control()?;
        let rules = self.rules(variant)?;
        let openings = match &self.openings {
            Some(path) => openings::read(path, variant)?,
            None => vec![Opening::default()],
        };
        if self.games == 0 {
            return Err("--games must be at least 1".to_owned());
        }
        let sprt = match &self.sprt {
            Some(text) => {
                if engines.len() != 2 {
                    return Err("--sprt needs exactly two engines".to_owned());
                }
                Some(
                    text.parse::<SprtBounds>()
                        .map_err(|e| format!("--sprt: {e}"))?,
                )
            }
            None => None,
        };
        let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
        if self.concurrency == 0 || self.concurrency > cores {
            return Err(format!(
                "--concurrency must be 1 to {cores} (the machine's cores)"
            ));
        }
        let pairings: Vec<(usize, usize)> = if self.gauntlet {
            (1..engines.len()).map(|j| (0, j)).collect()
        } else {
            (0..engines.len())
                .flat_map(|i| (i + 1..engines.len()).map(move |j| (i, j)))
                .collect()
        };
        let games = self.games;
        let mut schedule = Vec::new();
        for number in 0..games {
            for &(first, second) in &pairings {
                let (white, black) = if number % 2 == 0 {
                    (first, second)
                } else {
                    (second, first)
                };
                schedule.push(Scheduled {
                    white,
                    black,
                    opening: (number / 2) % openings.len(),
                    number,
                });
            }
        }
        Ok(Plan {
            variant,
            rules,
            engines,
            schedule,
            openings,
            control,
            margin: Duration::from_millis(self.timemargin),
            adjudication: Adjudication {
                resign_score: self.resign_score,
                resign_moves: self.resign_moves,
                draw_score: self.draw_score,
                draw_moves: self.draw_moves,
                draw_after: self.draw_after,
            },
            concurrency: self.concurrency,
            sprt,
        })
    }

    fn control(&self) -> Result<Control, String> {
        Ok(match (&self.tc, self.movetime, self.nodes, self.depth) {
            (Some(tc), ..) => {
                let (base, increment) = tc.split_once('+').unwrap_or((tc, "0"));
                let seconds = |text: &str| {
                    text.trim()
                        .parse::<f64>()
                        .ok()
                        .filter(|s| s.is_finite() && *s >= 0.0 && *s < 86_400.0)
                        .map(Duration::from_secs_f64)
                        .ok_or_else(|| {
                            format!("--tc {tc}: expected BASE+INC in seconds, e.g. 10+0.1")
                        })
                };
                let (base, increment) = (seconds(base)?, seconds(increment)?);
                if base.is_zero() {
                    return Err(format!("--tc {tc}: the base time must be above 0"));
                }
                Control::Clock { base, increment }
            }
            (None, Some(0), ..) => return Err("--movetime must be at least 1 ms".to_owned()),
            (None, Some(ms), ..) => Control::MoveTime(Duration::from_millis(ms)),
            (None, None, Some(0), _) => return Err("--nodes must be at least 1".to_owned()),
            (None, None, Some(nodes), _) => Control::Nodes(nodes),
            (None, None, None, Some(0)) => return Err("--depth must be at least 1".to_owned()),
            (None, None, None, Some(depth)) => Control::Depth(depth),
            (None, None, None, None) => {
                return Err("give one of --tc, --movetime, --nodes or --depth".to_owned());
            }
        })
    }

    fn rules(&self, variant: Variant) -> Result<RuleOptions, String> {
        let rule_set = match self
            .rule_set
            .as_deref()
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            None => None,
            Some(name) if variant != Variant::Xiangqi => {
                return Err(format!("--rule-set {name}: rule sets are xiangqi's"));
            }
            Some("axf") => Some(RuleSet::Axf),
            Some("chinese") => Some(RuleSet::Chinese),
            Some("simple") => Some(RuleSet::Simple),
            Some("casual") => Some(RuleSet::Casual),
            Some(other) => {
                return Err(format!(
                    "--rule-set {other}: expected axf, chinese, simple or casual"
                ));
            }
        };
        Ok(RuleOptions {
            rule_set,
            // A match runner claims the draws a player may claim (threefold
            // repetition, the fifty-move rule), as cutechess does.
            claim_draws: variant.is_chess(),
            ..RuleOptions::default()
        })
    }
}

/// The variant `--game` names (as the service's names, or as `UCI_Variant`
/// spells it).
fn variant(name: &str) -> Result<Variant, String> {
    let wanted = name.to_ascii_lowercase().replace(['-', '_'], "");
    Variant::ALL
        .into_iter()
        .find(|v| v.name().replace('_', "") == wanted)
        .or_else(|| Variant::from_uci_variant(&wanted))
        .or(match wanted.as_str() {
            "giveaway" => Some(Variant::Antichess),
            "koth" => Some(Variant::KingOfTheHill),
            _ => None,
        })
        .ok_or_else(|| {
            format!(
                "--game {name}: expected chess, xiangqi, chess960, atomic, antichess, kingofthehill, 3check, crazyhouse, racingkings or horde"
            )
        })
}
