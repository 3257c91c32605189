"""``python -m goldlab`` runs the command line."""

from goldlab.cli import main

raise SystemExit(main())
