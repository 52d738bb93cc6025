"""Builds the extension sudoku_forge._core with this repository's CMake tree
(target sudoku_forge_core, in build/python-pip) and packages python/sudoku_forge.

Uses the running interpreter (sys.executable) and Debian's pybind11 CMake
config; downloads nothing. See README.md (Python) and pyproject.toml.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        build_dir = ROOT / "build" / "python-pip"
        configure = [
            "cmake", "-S", str(ROOT), "-B", str(build_dir),
            "-DCMAKE_BUILD_TYPE=Release",
            f"-DPython3_EXECUTABLE={sys.executable}",
            "-DSUDOKU_BUILD_PYTHON=ON", "-DSUDOKU_BUILD_TESTS=OFF",
            "-DSUDOKU_BUILD_BENCHMARKS=OFF",
        ]
        if shutil.which("ninja"):
            configure += ["-G", "Ninja"]
        env = dict(os.environ)
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
            env.setdefault("CCACHE_BASEDIR", str(ROOT))
            env.setdefault("CCACHE_NOHASHDIR", "1")
        subprocess.check_call(configure, env=env)
        subprocess.check_call(
            ["cmake", "--build", str(build_dir), "--target", "sudoku_forge_core",
             "-j", str(os.cpu_count() or 2)], env=env)
        built = sorted((build_dir / "python" / "sudoku_forge").glob("_core*.so"))
        if not built:
            raise RuntimeError(f"no _core*.so under {build_dir}/python")
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built[0], target)


setup(
    packages=["sudoku_forge"],
    package_dir={"": "python"},
    package_data={"sudoku_forge": ["__init__.pyi", "py.typed"]},
    ext_modules=[Extension("sudoku_forge._core", sources=[])],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
