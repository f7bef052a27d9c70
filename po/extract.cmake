# Makes the catalogue template from every source file: cmake -DSOURCE_DIR=... -DOUTPUT=... -P
# extract.cmake. The keywords are Marshal's (shared/i18n/translate.h) and wx's.
file(GLOB_RECURSE sources RELATIVE ${SOURCE_DIR}
     ${SOURCE_DIR}/shared/*.cpp ${SOURCE_DIR}/shared/*.h ${SOURCE_DIR}/db/*.cpp ${SOURCE_DIR}/db/*.h
     ${SOURCE_DIR}/printables/*.cpp ${SOURCE_DIR}/printables/*.h ${SOURCE_DIR}/gmstation/*.cpp
     ${SOURCE_DIR}/gmstation/*.h ${SOURCE_DIR}/kiosk/*.cpp ${SOURCE_DIR}/kiosk/*.h)
list(SORT sources)
execute_process(COMMAND xgettext --from-code=UTF-8 --language=C++ --keyword=tr --keyword=trn:1,2 --keyword=say:1
                        --keyword=wx_tr --keyword=wx_trn:1,2 --keyword=_ --keyword=wxPLURAL:1,2 --keyword=wxTRANSLATE --add-comments=TRANSLATORS:
                        --add-location=file --sort-output --package-name=Marshal
                        --msgid-bugs-address=https://github.com/marshal --output=${OUTPUT} ${sources}
                WORKING_DIRECTORY ${SOURCE_DIR} RESULT_VARIABLE failed)
if(failed)
  message(FATAL_ERROR "xgettext failed")
endif()
