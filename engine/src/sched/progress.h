// The progress line of long launches. When stderr is a terminal and a launch has run for
// Options::progress_seconds, one line on stderr says which kernel is running and how many of its
// blocks are done; it is rewritten in place twice a second and erased when the launch ends (or a
// report is printed). Nothing is written when stderr is not a terminal or progress_seconds is 0.
#pragma once

namespace warpsafe::engine {

struct GridRun;

// Called by RunGrid around the running of a grid's blocks, on the launching thread. Only one
// launch is followed at a time: a launch that starts while another is followed is not shown.
void ProgressLaunchStarted(const GridRun& grid);
void ProgressLaunchFinished(const GridRun& grid);

// Erases the line if it is shown, so that what is printed next starts on a clean line.
void ProgressErase();

}  // namespace warpsafe::engine
