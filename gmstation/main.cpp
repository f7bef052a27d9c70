#include "gmstation/app.h"

wxIMPLEMENT_APP(marshal::gm::GmApp);
