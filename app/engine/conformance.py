"""`python -m app.engine.conformance`: the older name of `python -m app.conformance`, the
conformance vectors' command line (docs/conformance.md), kept so the documented command
goes on working. Nothing else is here: the tools live in app/conformance/."""

import sys

from app.conformance.cli import main

if __name__ == "__main__":
    sys.exit(main())
