"""Builds the native half of the Python package with CMake (pyproject.toml
has the metadata). `pip install .` runs it; so does
`python3 setup.py build_ext`.

The version is the CMake project's (`project(symshape VERSION ...)` in
CMakeLists.txt), so `symshape.__version__`, `symshape --version` and the
package agree. The CMake build lives in setuptools' build_temp; CMAKE_ARGS
adds options (e.g. "-DCMAKE_CXX_COMPILER_LAUNCHER=ccache").
"""
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def project_version():
    text = (ROOT / "CMakeLists.txt").read_text()
    match = re.search(r"project\(symshape\s+VERSION\s+([0-9.]+)", text)
    if not match:
        sys.exit("setup.py: no `project(symshape VERSION ...)` in CMakeLists.txt")
    return match.group(1)


class CMakeBuild(build_ext):
    """Configures the project for this interpreter, builds the module target
    and puts the module where setuptools packs it."""

    def build_extension(self, ext):
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        build.mkdir(parents=True, exist_ok=True)
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build),
            "-DCMAKE_BUILD_TYPE=Release",
            "-DBUILD_TESTING=OFF",
            "-DSYMSHAPE_PYTHON=ON",
            "-DSYMSHAPE_PYTHON_REQUIRED=ON",
            f"-DPython3_EXECUTABLE={sys.executable}",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        configure += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        subprocess.run(configure, check=True)
        subprocess.run(["cmake", "--build", str(build), "--target",
                        "symshape_python"], check=True)
        built = list((build / "python" / "symshape").glob("_symshape*.so"))
        if len(built) != 1:
            sys.exit(f"setup.py: expected one built module, found {built}")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


# setuptools' scratch space and metadata beside the CMake build tree, not in
# the source tree.
BUILD_BASE = "build/pip"

if __name__ == "__main__":  # as pip's build backend runs it
    os.makedirs(ROOT / BUILD_BASE, exist_ok=True)
    setup(
        version=project_version(),
        options={"build": {"build_base": BUILD_BASE},
                 "egg_info": {"egg_base": BUILD_BASE}},
        ext_modules=[Extension("symshape._symshape", sources=[])],
        cmdclass={"build_ext": CMakeBuild},
    )
