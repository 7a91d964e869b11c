//! `grundy games`: every game the registry knows, with how to write it
//! (the library's [`grundy::api::games`]).

use std::io::{self, Write};

/// Prints the games, as a table or as JSON.
pub fn list(json: bool) -> io::Result<()> {
    let mut out = crate::output::stdout();
    let session = crate::limits::session_of(grundy::Limits::default());
    let answer = grundy::api::games(&session);
    if json {
        serde_json::to_writer(&mut out, &answer)?;
        return writeln!(out);
    }
    write!(out, "{answer}")
}
