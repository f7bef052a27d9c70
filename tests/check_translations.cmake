# Every marked text has a Russian translation that is not fuzzy, and po/marshal.pot is current:
#   cmake -DSOURCE_DIR=... -DWORK_DIR=... -P check_translations.cmake
# The template is made again from the sources (po/extract.cmake) and compared with msgcmp, which
# counts an untranslated or fuzzy entry as missing.
set(fresh ${WORK_DIR}/fresh-marshal.pot)
execute_process(COMMAND ${CMAKE_COMMAND} -DSOURCE_DIR=${SOURCE_DIR} -DOUTPUT=${fresh} -P ${SOURCE_DIR}/po/extract.cmake
                RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "xgettext could not read the sources")
endif()
execute_process(COMMAND msgcmp --use-untranslated ${SOURCE_DIR}/po/marshal.pot ${fresh}
                RESULT_VARIABLE stale ERROR_VARIABLE stale_words)
if(stale)
  message(FATAL_ERROR "po/marshal.pot is not current: cmake --build --preset dev --target marshal_pot, then "
                      "msgmerge --update po/ru.po po/marshal.pot and translate.\n${stale_words}")
endif()
foreach(lang ru)
  execute_process(COMMAND msgcmp ${SOURCE_DIR}/po/${lang}.po ${fresh} RESULT_VARIABLE missing ERROR_VARIABLE missing_words)
  if(missing)
    message(FATAL_ERROR "po/${lang}.po lacks a translation (or has a fuzzy one):\n${missing_words}")
  endif()
endforeach()
