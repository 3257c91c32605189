"""The three games.  Each sub-package is one game; import it to register it."""
