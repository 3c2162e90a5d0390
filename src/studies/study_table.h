#pragma once
// The studies that take a case, by command name: one table from which the command line (its
// commands and its --help), `hamdyn batch` (its Batch/Study choices) and the output directory's
// clean-up (the files a study writes) are all made, so a new study is one entry here.
#include "core/case_parameters.h"
#include "studies/named_values.h"

#include <mpi.h>

#include <string>
#include <utility>
#include <vector>

namespace hamdyn {

/// A study computes on the ranks of `comm`, writes its files into the case's output directory,
/// prints tables and progress on comm's rank 0 only when `report` is set, and returns its scalar
/// results. Throws InputError before writing anything when the case cannot be studied.
using StudyFunction = NamedValues (*)(const CaseParameters& c, const ParameterFile& file,
                                      MPI_Comm comm, bool report);

/// Continues a study stopped by a signal or a kill from the checkpoint in c.output_directory
/// (whose used_parameters.prm gave `c`).
using ResumeFunction = NamedValues (*)(const CaseParameters& c, MPI_Comm comm, bool report);

/// The kinds of case the studies are implemented for, each by functions of its own: the line
/// models, the discrete systems (Model/Type = discrete), the cables (Model/Type = cable) and the
/// planar beams (Model/Type = planar beam). A new kind is a value here, its line in case_kind()
/// and its line in each study's implementations (a study without one refuses the kind).
enum class CaseKind { line, discrete, cable, planar_beam };
CaseKind case_kind(const CaseParameters& c);

/// A study's implementation for one kind of case (with its resume where the study writes
/// checkpoints), or (run null) why that kind has none.
struct KindImplementation {
  KindImplementation(CaseKind kind, StudyFunction run, ResumeFunction resume = nullptr)
      : kind(kind), run(run), resume(resume) {}
  KindImplementation(CaseKind kind, std::string refusal)
      : kind(kind), refusal(std::move(refusal)) {}
  CaseKind kind;
  StudyFunction run = nullptr;
  ResumeFunction resume = nullptr; // null: the kind's study writes no checkpoint
  std::string refusal;             // the InputError's allowed text, naming Model/Type
};

/// A study by kind of case: the table chooses the case's kind's implementation, so that no
/// study branches on it.
struct StudyCommand {
  std::string name;                                // the command, and Batch/Study's value
  std::vector<KindImplementation> implementations; // a kind not listed is refused likewise
  std::string usage;       // its paragraphs of `hamdyn --help`, from the synopsis line on
  std::string files;       // what the study writes, as listed after a run
  std::string file_names;  // a regular expression matching the name of every file it writes
  std::string plot_script; // scripts/ file that draws its figure from the files ("" none)
  std::string plot_file;   // the figure that script writes

  /// Runs the study of the case's kind; InputError naming Model/Type when it has none.
  NamedValues run(const CaseParameters& c, const ParameterFile& file, MPI_Comm comm,
                  bool report) const;
  /// Whether the study writes checkpoints (for some kind): it takes --resume.
  bool resumable() const;
  /// Continues the study of the case's kind (ResumeFunction); InputError naming Model/Type when
  /// the kind's study has no checkpoints to resume from.
  NamedValues resume(const CaseParameters& c, MPI_Comm comm, bool report) const;

private:
  const KindImplementation& implementation(const CaseParameters& c) const;
};

/// run, modes, buckling, compare and converge, in the order --help lists them.
const std::vector<StudyCommand>& study_commands();
/// The study named `name`, or null.
const StudyCommand* find_study(const std::string& name);
/// The studies' names joined by `separator`, the last two by `last` ("run, modes, compare or
/// converge" with ", " and " or "; "run|modes|compare|converge" with "|" twice).
std::string study_names(const std::string& separator, const std::string& last);
/// Whether `file` (a name, no directory) is one a study writes, or the temporary name it is
/// written under (storage/atomic_file.h): what a new run removes from its output directory first.
bool is_study_output(const std::string& file);

} // namespace hamdyn
