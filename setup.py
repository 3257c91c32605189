"""Which packages a goldlab wheel carries (everything else is in pyproject.toml).

The views' front end keeps its source folder at the top of the repository (``widgets/``)
and ships inside the package as ``goldlab.views.frontend``, so a wheel or a non-editable
install carries it.  pyproject.toml cannot add a mapped package to a search, hence this file.

It also installs goldlab's Voila template (share/jupyter/voila/templates/goldlab: Voila's
"lab" page with nothing loaded from the internet) where Voila looks for templates, and the
Voila configuration that makes it the default (jupyter-config/voila.json, into etc/jupyter),
so `voila` and JupyterLab's /voila/render both use it.
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

TEMPLATE = "share/jupyter/voila/templates/goldlab"

setup(
    packages=[*find_namespace_packages(include=["goldlab", "goldlab.*"]), "goldlab.views.frontend"],
    package_dir={"goldlab.views.frontend": "widgets"},
    data_files=[
        (TEMPLATE, sorted(p.as_posix() for p in Path(TEMPLATE).iterdir() if p.is_file())),
        ("etc/jupyter", ["jupyter-config/voila.json"]),
    ],
)
