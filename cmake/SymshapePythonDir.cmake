# Where an install puts the Python package, relative to its prefix: one
# rule for configure time (which warns ahead) and install time (which
# installs there). Reads SYMSHAPE_PYTHON_DIR (the user's choice, or
# empty), SYMSHAPE_PYTHON_PLATLIB (the interpreter's platlib) and
# SYMSHAPE_PYTHON_FALLBACK_DIR (lib/python3.X/site-packages).

# The directory an install into `prefix` uses, in `out`: SYMSHAPE_PYTHON_DIR
# when set, else the platlib when it lies under `prefix`, else the
# fallback.
function(symshape_python_dir prefix out)
  set(dir ${SYMSHAPE_PYTHON_FALLBACK_DIR})
  if(SYMSHAPE_PYTHON_DIR)
    set(dir ${SYMSHAPE_PYTHON_DIR})
  else()
    string(REGEX REPLACE "/+$" "" prefix "${prefix}")
    string(LENGTH "${prefix}/" length)
    string(SUBSTRING "${SYMSHAPE_PYTHON_PLATLIB}" 0 ${length} head)
    if(head STREQUAL "${prefix}/")
      string(SUBSTRING "${SYMSHAPE_PYTHON_PLATLIB}" ${length} -1 dir)
    endif()
  endif()
  set(${out} ${dir} PARENT_SCOPE)
endfunction()
