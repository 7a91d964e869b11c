//! What several test files share: reading a literature data file.

use toml::Value;

/// The data file `data/<file>` (like `impartial/kayles.toml`), which must
/// cite its source in a top-level `source`.
pub fn sourced_data(file: &str) -> Value {
    let path = format!("{}/../../data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let v: Value = toml::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert!(
        v.get("source")
            .and_then(Value::as_str)
            .is_some_and(|s| !s.is_empty()),
        "{path} cites no source"
    );
    v
}
