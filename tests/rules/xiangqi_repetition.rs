//! Repetition adjudications against published verdicts (tests/data/xiangqi_repetition.txt).

#![allow(clippy::unwrap_used, clippy::expect_used)]

use arbiter_rules::RuleSet;
use arbiter_rules::Strictness;
use arbiter_rules::xiangqi::{GameRecord, Position, StatusOptions, notation};
use arbiter_rules::{Outcome, Reason, Side};

use crate::support::data;

/// The reason a category implies, where it implies one.
fn expected_reason(category: &str, expected: &str) -> Option<Reason> {
    if let Some(cn) = category.strip_prefix("cn-") {
        return Some(if cn.starts_with("perpetual-check") {
            Reason::PerpetualCheck
        } else if cn.starts_with("perpetual-mate-threat") {
            Reason::PerpetualMateThreat
        } else if cn.starts_with("perpetual-chase") {
            Reason::PerpetualChase
        } else if cn.starts_with("mixed-") {
            Reason::ForbiddenMixed
        } else if cn.starts_with("mutual-") {
            Reason::MutualPerpetual
        } else {
            Reason::Repetition
        });
    }
    if category == "perpetual-check" {
        Some(Reason::PerpetualCheck)
    } else if category.starts_with("chase-") && expected != "draw" {
        Some(Reason::PerpetualChase)
    } else if category.starts_with("mutual-") {
        Some(Reason::MutualPerpetual)
    } else if ["idle", "exemption-", "one-check-one-chase"]
        .iter()
        .any(|p| category.starts_with(p))
    {
        Some(Reason::Repetition)
    } else {
        None
    }
}

fn reason_of(outcome: Outcome) -> Option<Reason> {
    match outcome {
        Outcome::Ongoing => None,
        Outcome::Decisive { reason, .. } | Outcome::Draw { reason } => Some(reason),
    }
}

struct Case {
    line: usize,
    source: String,
    fen: String,
    moves: Vec<String>,
    count: u32,
    rule: RuleSet,
    expected: String,
    category: String,
    note: String,
}

fn cases() -> Vec<Case> {
    let text = data::XIANGQI_REPETITION;
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let f: Vec<&str> = l.split(" | ").map(str::trim).collect();
            assert_eq!(f.len(), 8, "line {}: {l}", i + 1);
            Case {
                line: i + 1,
                source: f[0].to_owned(),
                fen: f[1].to_owned(),
                moves: f[2].split_whitespace().map(str::to_owned).collect(),
                count: f[3].parse().unwrap(),
                rule: match f[4] {
                    "AXF" => RuleSet::Axf,
                    "SIMPLE" => RuleSet::Simple,
                    "CASUAL" => RuleSet::Casual,
                    "CHINESE" => RuleSet::Chinese,
                    other => panic!("line {}: rule set {other}", i + 1),
                },
                expected: f[5].to_owned(),
                category: f[6].to_owned(),
                note: f[7].to_owned(),
            }
        })
        .collect::<Vec<Case>>()
        .into_iter()
        .flat_map(|case| {
            let mirrored = (case.rule == RuleSet::Chinese).then(|| mirrored(&case));
            std::iter::once(case).chain(mirrored)
        })
        .collect()
}

/// `case` on the board seen from the other side: ranks reversed, colours swapped, the
/// verdict's winner swapped.
fn mirrored(case: &Case) -> Case {
    let mut fields = case.fen.split_whitespace();
    let board: Vec<String> = fields
        .next()
        .unwrap()
        .split('/')
        .rev()
        .map(|rank| {
            rank.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields.next() == Some("w") { "b" } else { "w" };
    let flip = |text: &str| -> String {
        text.chars()
            .map(|c| {
                c.to_digit(10)
                    .map_or(c, |d| char::from_digit(9 - d, 10).unwrap())
            })
            .collect()
    };
    Case {
        line: case.line,
        source: format!("{} (mirrored)", case.source),
        fen: format!("{} {side} - - 0 1", board.join("/")),
        moves: case.moves.iter().map(|m| flip(m)).collect(),
        count: case.count,
        rule: case.rule,
        expected: match case.expected.as_str() {
            "red" => "black".to_owned(),
            "black" => "red".to_owned(),
            other => other.to_owned(),
        },
        category: case.category.clone(),
        note: case.note.clone(),
    }
}

fn replay(case: &Case) -> GameRecord {
    let start = Position::from_fen(&case.fen, Strictness::Lenient).unwrap();
    let options = StatusOptions {
        rule_set: case.rule,
        repetition_count: case.count,
        ..StatusOptions::default()
    };
    let mut record = GameRecord::new(start, options);
    for (i, text) in case.moves.iter().enumerate() {
        // A source may play on past the point where the count is first reached (FSF
        // judges only the final position); the game ends there here, with the same verdict.
        if record.outcome().is_over() {
            assert!(
                record.repetition_ruling().is_some(),
                "line {}: game over before move {i} ({text}): {:?}",
                case.line,
                record.outcome()
            );
            break;
        }
        let m = notation::parse_move(record.position(), text, false)
            .unwrap_or_else(|e| panic!("line {}: move {i} {text}: {e}", case.line));
        record.push(m).unwrap();
    }
    record
}

fn result_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Ongoing => "ongoing",
        Outcome::Draw { .. } => "draw",
        Outcome::Decisive {
            winner: Side::White,
            ..
        } => "red",
        Outcome::Decisive {
            winner: Side::Black,
            ..
        } => "black",
    }
}

#[test]
fn published_verdicts() {
    let cases = cases();
    let mut failures = Vec::new();
    let mut per_category = std::collections::BTreeMap::<String, usize>::new();
    for case in &cases {
        let record = replay(case);
        let got = result_name(record.outcome());
        let ruled = record.repetition_ruling().is_some();
        let reason_ok = expected_reason(&case.category, &case.expected)
            .is_none_or(|r| reason_of(record.outcome()) == Some(r));
        let ok = ruled && reason_ok && (case.expected == "any" || got == case.expected);
        if std::env::var_os("REPETITION_VERBOSE").is_some() {
            println!(
                "line {} [{}] {}: {got}: {}",
                case.line,
                case.category,
                case.note,
                record
                    .repetition_ruling()
                    .map_or(String::new(), |r| r.explanation.clone())
            );
        }
        if ok {
            *per_category.entry(case.category.clone()).or_default() += 1;
        } else {
            failures.push(format!(
                "line {} [{}] {}: expected {}, got {got} ({:?}) {}",
                case.line,
                case.source,
                case.note,
                case.expected,
                record.outcome(),
                record
                    .repetition_ruling()
                    .map_or(String::new(), |r| r.explanation.clone())
            ));
        }
    }
    for (category, n) in &per_category {
        println!("{category}: {n}");
    }
    println!("{} cases, {} failed", cases.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
