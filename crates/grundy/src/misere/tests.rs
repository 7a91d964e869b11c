//! Unit tests of the store and printing against CGSuite's own test cases.

use super::*;

#[test]
fn builds() {
    assert_eq!(MisereForm::nim_heap(2).to_string(), "*[2]");
}
