// The hang watchdog: a lane that reaches no scheduling point for --hang-seconds (a spin on a plain
// load, an endless loop) is reported with where it last was, instead of hanging the process.
#pragma once

namespace warpsafe::engine {

// Starts the watchdog thread once per process; later calls do nothing.
void StartWatchdog();

}  // namespace warpsafe::engine
