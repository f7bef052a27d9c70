# Fails when any file of shared/core includes a header of a GUI, database, drawing, network,
# HTTP, camera or scanner library, or a POSIX I/O header. Run by ctest.
file(GLOB_RECURSE files "${CORE_DIR}/*.h" "${CORE_DIR}/*.cpp")
set(forbidden
  "wx/" "sqlite3" "cairo" "pango" "qrencode" "ZXing/" "zbar" "gst/" "curl/" "httplib"
  "microhttpd" "boost/asio" "boost/beast" "restinio" "sys/socket" "netinet/" "arpa/inet"
  "netdb" "unistd" "fcntl" "fstream" "iostream" "cstdio" "chrono" "ctime" "thread" "filesystem")
set(violations "")
list(LENGTH files file_count)
if(file_count LESS 10)
  message(FATAL_ERROR "expected the sources of shared/core in ${CORE_DIR}, found ${file_count} files")
endif()
foreach(f IN LISTS files)
  file(STRINGS "${f}" includes REGEX "^[ \t]*#[ \t]*include")
  foreach(line IN LISTS includes)
    foreach(bad IN LISTS forbidden)
      string(FIND "${line}" "${bad}" at)
      if(NOT at EQUAL -1)
        list(APPEND violations "${f}: ${line}")
      endif()
    endforeach()
  endforeach()
endforeach()
if(violations)
  list(JOIN violations "\n" text)
  message(FATAL_ERROR "shared/core includes forbidden headers:\n${text}")
endif()
message(STATUS "shared/core: ${file_count} files, no forbidden include")
