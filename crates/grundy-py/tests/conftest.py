"""Every test runs under an address-space cap, so that a regression that
grows without bound fails here instead of taking the shared machine down."""

import os
import resource

import pytest

_CAP = 8 << 30
resource.setrlimit(resource.RLIMIT_AS, (_CAP, _CAP))



@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Where every test must run (CI sets GRUNDY_REQUIRE_PYTHON=1), a skipped
    test is a failure: a test that skips cannot fail, and so tests nothing."""
    outcome = yield
    report = outcome.get_result()
    if os.environ.get("GRUNDY_REQUIRE_PYTHON") == "1" and report.skipped and not hasattr(report, "wasxfail"):
        report.outcome = "failed"
        report.longrepr = f"skipped, where every test must run (GRUNDY_REQUIRE_PYTHON=1): {report.longrepr}"
