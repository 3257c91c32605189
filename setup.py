"""Which packages a goldlab wheel carries (everything else is in pyproject.toml).

The views' front end keeps its source folder at the top of the repository (``widgets/``)
and ships inside the package as ``goldlab.views.frontend``, so a wheel or a non-editable
install carries it.  pyproject.toml cannot add a mapped package to a search, hence this file.
"""

from setuptools import find_namespace_packages, setup

setup(
    packages=[*find_namespace_packages(include=["goldlab", "goldlab.*"]), "goldlab.views.frontend"],
    package_dir={"goldlab.views.frontend": "widgets"},
)
