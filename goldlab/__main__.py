"""``python -m goldlab`` runs the command line."""

from goldlab._launch import main

raise SystemExit(main())
