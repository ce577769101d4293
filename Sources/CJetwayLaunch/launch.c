// Registers how an `App` is served before `main` runs: `App.main()` in the core (which does no
// I/O) calls what JetwayServer put in `AppLaunch.serve`.
#include "launch.h"

extern void jetway_register_app_launch(void);

__attribute__((constructor)) static void jetway_launch_constructor(void) { jetway_register_app_launch(); }
