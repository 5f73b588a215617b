# MMIOCheck.cmake - run mmiocheck on a CMake target's C sources with the
# target's own compile flags, as a build target that fails on findings
# (or, with a baseline, only on new findings).
#
#   list(APPEND CMAKE_MODULE_PATH /path/to/mmiocheck/cmake)
#   include(MMIOCheck)
#   mmiocheck_add_check(TARGET mydriver
#                       [NAME mmiocheck-mydriver]     # the target to build (default mmiocheck-<TARGET>)
#                       [BASELINE baseline.db]        # fail only on findings not in this database
#                       [SUPPRESS mmiocheck.suppress] # suppression file
#                       [MODELS contract,ppc64-legacy]
#                       [DB ${CMAKE_BINARY_DIR}/mmiocheck-mydriver.db]
#                       [SOURCE_ROOT ${CMAKE_SOURCE_DIR}] # file names in findings relative to this
#                       [ARGS --preempt-rt ...]       # more mmiocheck options
#                       [ADD_TEST])                   # also a ctest test of the same name (needs enable_testing())
#
# Every check is also a dependency of the umbrella target `mmiocheck-all`, so
# `cmake --build build --target mmiocheck-all` (or `make mmiocheck-all`) runs them all.
# The target's include directories, compile definitions and compile options
# are passed through generator expressions, so usage requirements of linked
# libraries (target_link_libraries) are included.  The mmiocheck binary is
# MMIOCHECK_EXECUTABLE (found on PATH unless set).
#
# Exit status of the check: 0 clean, 1 findings (new findings with BASELINE),
# 2 usage or input error; any non-zero status fails the build target.

include_guard(GLOBAL)

if(NOT MMIOCHECK_EXECUTABLE)
  find_program(MMIOCHECK_EXECUTABLE NAMES mmiocheck DOC "the mmiocheck static analyzer")
endif()

function(mmiocheck_add_check)
  cmake_parse_arguments(MC "ADD_TEST" "TARGET;NAME;BASELINE;SUPPRESS;MODELS;DB;SOURCE_ROOT" "ARGS" ${ARGN})
  if(NOT MC_TARGET)
    message(FATAL_ERROR "mmiocheck_add_check: TARGET is required")
  endif()
  if(NOT TARGET ${MC_TARGET})
    message(FATAL_ERROR "mmiocheck_add_check: '${MC_TARGET}' is not a target")
  endif()
  if(NOT MMIOCHECK_EXECUTABLE)
    message(FATAL_ERROR "mmiocheck_add_check: mmiocheck not found; set MMIOCHECK_EXECUTABLE")
  endif()
  if(NOT MC_NAME)
    set(MC_NAME mmiocheck-${MC_TARGET})
  endif()
  if(NOT MC_DB)
    set(MC_DB ${CMAKE_CURRENT_BINARY_DIR}/${MC_NAME}.db)
  endif()
  if(NOT MC_SOURCE_ROOT)
    set(MC_SOURCE_ROOT ${CMAKE_SOURCE_DIR})
  endif()

  # The target's C sources, as absolute paths.
  get_target_property(srcs ${MC_TARGET} SOURCES)
  get_target_property(srcdir ${MC_TARGET} SOURCE_DIR)
  set(files)
  foreach(src IN LISTS srcs)
    if(src MATCHES "\\.c$" AND NOT src MATCHES "^\\$<")
      get_filename_component(abs ${src} ABSOLUTE BASE_DIR ${srcdir})
      list(APPEND files ${abs})
    endif()
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "mmiocheck_add_check: target '${MC_TARGET}' has no .c sources")
  endif()

  set(opts --db ${MC_DB} --source-root ${MC_SOURCE_ROOT})
  if(MC_BASELINE)
    get_filename_component(base ${MC_BASELINE} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND opts --baseline ${base})
  endif()
  if(MC_SUPPRESS)
    get_filename_component(supp ${MC_SUPPRESS} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    list(APPEND opts --suppress ${supp})
  endif()
  if(MC_MODELS)
    list(APPEND opts --model ${MC_MODELS})
  endif()
  list(APPEND opts ${MC_ARGS})

  # The compile flags, transitive usage requirements included.  The
  # generator expressions stay quoted in COMMAND: a ';' they produce is
  # split into separate arguments by COMMAND_EXPAND_LISTS.
  set(inc "$<TARGET_PROPERTY:${MC_TARGET},INCLUDE_DIRECTORIES>")
  set(def "$<TARGET_PROPERTY:${MC_TARGET},COMPILE_DEFINITIONS>")
  add_custom_target(${MC_NAME}
    COMMAND ${MMIOCHECK_EXECUTABLE} ${opts} ${files} --
            "$<$<BOOL:${inc}>:-I$<JOIN:${inc},;-I>>"
            "$<$<BOOL:${def}>:-D$<JOIN:${def},;-D>>"
            "$<TARGET_PROPERTY:${MC_TARGET},COMPILE_OPTIONS>"
    WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}
    COMMENT "mmiocheck: ${MC_TARGET}"
    COMMAND_EXPAND_LISTS
    VERBATIM)
  if(NOT TARGET mmiocheck-all)
    add_custom_target(mmiocheck-all)
  endif()
  add_dependencies(mmiocheck-all ${MC_NAME})
  if(MC_ADD_TEST)
    add_test(NAME ${MC_NAME}
             COMMAND ${CMAKE_COMMAND} --build ${CMAKE_BINARY_DIR} --target ${MC_NAME})
  endif()
endfunction()
