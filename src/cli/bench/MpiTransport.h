// The few MPI calls `argus bench` makes between ranks (Distributed.h), behind an interface that needs no
// <mpi.h>: only MpiTransport.cc includes it, compiled with ARGUS_MPI when CMake found Open MPI, so the rest of
// argus builds the same with or without MPI. Nothing here waits in MPI: a blocking receive in Open MPI
// busy-polls and would take a core from the runs, so receiving only looks (tryReceive) and the callers nap.
#pragma once

#include <optional>
#include <string>

namespace argus::cli::bench {

/// Whether mpirun or srun started this process as one rank of several (their environment says so). MPI
/// itself is not touched, so that `argus bench` outside mpirun never initialises it.
bool launchedAsMpiRank();
/// Whether this argus was built with MPI.
bool mpiAvailable();

class MpiTransport {
 public:
  /// Initialises MPI (only the thread that constructs it calls MPI later); throws OptionError in a build
  /// without MPI.
  MpiTransport();
  /// Finalises MPI after finish(); without it (a rank died, the job is being stopped) MPI is left alone,
  /// since finalising waits for ranks that may be gone.
  ~MpiTransport();
  MpiTransport(const MpiTransport&) = delete;
  MpiTransport& operator=(const MpiTransport&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  /// The name of this rank's node.
  std::string hostName() const;

  /// Sends `body` to rank `to` and returns once MPI has taken it (napping, not spinning, in between). With a
  /// `giveUpSeconds` above 0 it gives up after that long (false): a rank that takes nothing may be gone.
  bool send(int to, int tag, const std::string& body, double giveUpSeconds = 0);
  struct Message {
    int from = 0;
    int tag = 0;
    std::string body;
  };
  /// The next message that has arrived, if one has; never waits.
  std::optional<Message> tryReceive();

  /// Every rank ended its part normally: the destructor may finalise.
  void finish() { finished_ = true; }

 private:
  int rank_ = 0, size_ = 1;
  bool finished_ = false;
};

}  // namespace argus::cli::bench
