"""Packaging beside pyproject.toml: the code packages, and data/ installed as the package ``arbiter_data``.

pyproject.toml holds everything else. ``packages.find`` there cannot add a package mapped from another
folder, so the list is made here; engine/core/datapack.py finds the installed copy (or the checkout's).
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["engine*", "bot*", "cogs*", "renderers*"]) + ["arbiter_data"],
    package_dir={"arbiter_data": "data"},
)
