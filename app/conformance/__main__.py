"""`python -m app.conformance write|check`: see cli.py."""

import sys

from .cli import main

sys.exit(main())
