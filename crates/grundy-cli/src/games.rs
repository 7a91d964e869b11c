//! `grundy games`: every game the registry knows, with how to write it.

use std::io::{self, Write};

use grundy::registry::GameKind;

/// Prints the games, as a table or as JSON.
pub fn list(json: bool) -> io::Result<()> {
    let mut out = crate::output::stdout();
    let registry = crate::registry();
    let all = registry.games();
    let scripted = |name: &str| registry.script(name).map(|g| g.path().to_string());
    if json {
        let games: Vec<_> = all
            .iter()
            .map(|g| {
                serde_json::json!({
                    "name": g.name,
                    "kind": g.kind,
                    "example": g.example,
                    "summary": g.summary,
                    "ruleset": g.ruleset.is_some() || scripted(g.name).is_some(),
                    "script": scripted(g.name),
                    "picture": g.picture,
                })
            })
            .collect();
        serde_json::to_writer(&mut out, &games)?;
        return writeln!(out);
    }
    for kind in [GameKind::Impartial, GameKind::Partizan] {
        writeln!(out, "{kind} games:")?;
        let width = all
            .iter()
            .filter(|g| g.kind == kind)
            .map(|g| g.example.chars().count())
            .max()
            .unwrap_or(0);
        for g in all.iter().filter(|g| g.kind == kind) {
            let from = scripted(g.name)
                .map(|p| format!(" (from {p})"))
                .unwrap_or_default();
            writeln!(out, "  {:width$}  {}{from}", g.example, g.summary)?;
        }
        writeln!(out)?;
    }
    writeln!(
        out,
        "functions (CGSuite's analysis of partizan values; G, H, U, s, t are games):"
    )?;
    let width = grundy::functions::FUNCTIONS
        .iter()
        .map(|f| f.example.chars().count())
        .max()
        .unwrap_or(0);
    for f in grundy::functions::FUNCTIONS {
        writeln!(out, "  {:width$}  {}: {}", f.example, f.usage(), f.summary)?;
    }
    writeln!(out)?;
    writeln!(
        out,
        "operators: A + B (sum), misere(A), selective(A, B, ...), not_all(...), conjunctive(...), \
         continued_conjunctive(...), 0 (no moves)"
    )
}
