# Sourced by build.sh and test.sh: compile through ccache when it is installed
# (install-deps.sh installs it), so a second build of the same sources, in this
# checkout or in a fresh clone elsewhere on the machine, reuses the objects.
# The cache is keyed on paths relative to the checkout (CCACHE_BASEDIR, and no
# working directory in the hash), which is what lets a clone at another path hit.
# It only takes effect when a build directory is configured for the first time
# (CMake reads the launcher from the environment then). FACEDOWN_NO_CCACHE=1
# turns it off.
if [ -z "${FACEDOWN_NO_CCACHE:-}" ] && command -v ccache >/dev/null 2>&1; then
  export CMAKE_C_COMPILER_LAUNCHER="${CMAKE_C_COMPILER_LAUNCHER:-ccache}"
  export CMAKE_CXX_COMPILER_LAUNCHER="${CMAKE_CXX_COMPILER_LAUNCHER:-ccache}"
  export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(pwd)}"
  export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-1}"
fi
