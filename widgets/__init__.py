"""The front end of goldlab's views (ES modules and CSS), shipped as ``goldlab.views.frontend``.

This folder is the source; ``setup.py`` maps it into the package so that a wheel or a
non-editable install carries it.  Python code never lives here.
"""
