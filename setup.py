"""The build's one addition to pyproject.toml: editable installs install the data files.

pyproject.toml's `[tool.setuptools.data-files]` puts the man pages under the
environment's share/man, where `man rummy500` finds them once its bin is on PATH. A
regular install (`pip install .`) does so; an editable one (`pip install -e .`, the
README's second line) asks the distribution `has_data()`, a method that setuptools'
Distribution does not have (it has `has_data_files()`), so it installed no data files
and, replacing a regular install, removed the pages. This Distribution answers it.
"""

from setuptools import setup
from setuptools.dist import Distribution


class WithData(Distribution):
    def has_data(self) -> bool:
        return bool(self.has_data_files())


setup(distclass=WithData)
