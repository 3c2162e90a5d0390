// Must not build: core is the lowest layer and studies the one above nearly all (the test
// layers_upward_include expects the compiler to report the header missing).
#include "studies/run_transient.h"
