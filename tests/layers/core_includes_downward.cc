// Builds: a core file sees core's own headers (the control for layers_upward_include).
#include "core/case_parameters.h"
