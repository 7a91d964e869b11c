"""Every test runs under an address-space cap, so that a regression that
grows without bound fails here instead of taking the shared machine down."""

import resource

_CAP = 8 << 30
resource.setrlimit(resource.RLIMIT_AS, (_CAP, _CAP))
