# mmiocheck-config.cmake - find_package(mmiocheck) support for the
# installed tree (share/mmiocheck/cmake/): sets MMIOCHECK_EXECUTABLE to the
# binary of the same installation (else whatever `mmiocheck` is on PATH)
# and includes MMIOCheck.cmake for mmiocheck_add_check().
get_filename_component(_mmiocheck_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(NOT MMIOCHECK_EXECUTABLE)
  find_program(MMIOCHECK_EXECUTABLE NAMES mmiocheck HINTS "${_mmiocheck_prefix}/bin"
               DOC "the mmiocheck static analyzer")
endif()
unset(_mmiocheck_prefix)
include("${CMAKE_CURRENT_LIST_DIR}/MMIOCheck.cmake")
if(NOT MMIOCHECK_EXECUTABLE)
  set(mmiocheck_FOUND FALSE)
  set(mmiocheck_NOT_FOUND_MESSAGE "no mmiocheck binary in ${CMAKE_CURRENT_LIST_DIR}/../../../bin or on PATH")
endif()
