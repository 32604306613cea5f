// MPI for `argus bench` (see MpiTransport.h): Open MPI when the build found it (ARGUS_MPI), otherwise a
// transport that says it is absent.
#include "cli/bench/MpiTransport.h"

#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <thread>

#include "util/Options.h"

#ifdef ARGUS_MPI
#include <mpi.h>
#endif

namespace argus::cli::bench {

bool launchedAsMpiRank() {
  // Open MPI's mpirun sets OMPI_COMM_WORLD_SIZE; srun and other PMIx/PMI launchers set PMIX_RANK or PMI_RANK.
  // A plain `argus bench` inside a Slurm allocation has SLURM_* only, and stays a local run.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"})
    if (std::getenv(name)) return true;
  return false;
}

#ifdef ARGUS_MPI

namespace {
void nap() { std::this_thread::sleep_for(std::chrono::milliseconds(1)); }
}  // namespace

bool mpiAvailable() { return true; }

MpiTransport::MpiTransport() {
  int provided = 0;
  // FUNNELED: the job threads of a worker never call MPI, only the thread that made this transport.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiTransport::~MpiTransport() {
  if (finished_) MPI_Finalize();
}

std::string MpiTransport::hostName() const {
  char name[MPI_MAX_PROCESSOR_NAME];
  int length = 0;
  MPI_Get_processor_name(name, &length);
  return std::string(name, static_cast<size_t>(length));
}

bool MpiTransport::send(int to, int tag, const std::string& body, double giveUpSeconds) {
  MPI_Request request;
  MPI_Isend(body.data(), static_cast<int>(body.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD, &request);
  auto start = std::chrono::steady_clock::now();
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return true;
    if (giveUpSeconds > 0 &&
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() > giveUpSeconds) {
      MPI_Cancel(&request);
      MPI_Request_free(&request);
      return false;
    }
    nap();
  }
}

std::optional<MpiTransport::Message> MpiTransport::tryReceive() {
  int arrived = 0;
  MPI_Status status;
  MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &arrived, &status);
  if (!arrived) return std::nullopt;
  int count = 0;
  MPI_Get_count(&status, MPI_CHAR, &count);
  Message message;
  message.from = status.MPI_SOURCE;
  message.tag = status.MPI_TAG;
  message.body.resize(static_cast<size_t>(count));
  // The message is there (probed): this receive does not wait.
  MPI_Recv(message.body.data(), count, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return message;
}

#else

bool mpiAvailable() { return false; }

MpiTransport::MpiTransport() {
  throw OptionError(
      "argus bench was started by mpirun or srun, but this argus was built without MPI (install libopenmpi-dev "
      "and build again); run it without mpirun for a benchmark on this machine");
}

MpiTransport::~MpiTransport() = default;
std::string MpiTransport::hostName() const { return ""; }
bool MpiTransport::send(int, int, const std::string&, double) { return false; }
std::optional<MpiTransport::Message> MpiTransport::tryReceive() { return std::nullopt; }

#endif

}  // namespace argus::cli::bench
