#include "rater/model_file.h"

#include <cmath>
#include <fstream>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"
#include "absl/strings/strip.h"
#include "core/hash.h"
#include "rater/calibration.h"
#include "rater/stats.h"

namespace sudoku {
namespace {

std::string FormatDouble(double v) { return absl::StrFormat("%.6g", v); }

// The declarations the fit id hashes: everything but the header comment and
// the id itself.
std::string ParamsBody(const ScoreModel& model, const LevelThresholds& t) {
  std::string body;
  absl::StrAppend(
      &body, "// Model inputs (names from ModelInputCatalog()); the score is\n",
      "// kCoefficients[0] + sum_j kCoefficients[j + 1] * input_j.\n",
      "inline constexpr const char* kInputs[] = {",
      absl::StrJoin(model.inputs, ", ",
                    [](std::string* o, const std::string& v) {
                      absl::StrAppend(o, "\"", v, "\"");
                    }),
      "};\n", "inline constexpr double kCoefficients[] = {",
      absl::StrJoin(model.coefficients, ", ",
                    [](std::string* o, double v) {
                      absl::StrAppend(o, FormatDouble(v));
                    }),
      "};\n",
      "// easy < medium_from <= medium < hard_from <= hard < evil_from <= "
      "evil.\n",
      "inline constexpr double kThresholds[] = {", FormatDouble(t.medium_from),
      ", ", FormatDouble(t.hard_from), ", ", FormatDouble(t.evil_from), "};\n");
  return body;
}

// The text between "NAME[] = {" (or "NAME = ") and the next "};" (or ";").
absl::StatusOr<absl::string_view> Declaration(absl::string_view text,
                                              absl::string_view name,
                                              bool array) {
  const std::string opener =
      array ? absl::StrCat(name, "[] = {") : absl::StrCat(name, " = ");
  const size_t at = text.find(opener);
  if (at == absl::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("model parameters: no ", name, " declaration"));
  }
  const size_t start = at + opener.size();
  const size_t end = text.find(array ? "};" : ";", start);
  if (end == absl::string_view::npos) {
    return absl::InvalidArgumentError(
        absl::StrCat("model parameters: unterminated ", name));
  }
  return text.substr(start, end - start);
}

absl::StatusOr<std::string> Quoted(absl::string_view item,
                                   absl::string_view name) {
  item = absl::StripAsciiWhitespace(item);
  if (item.size() < 2 || item.front() != '"' || item.back() != '"') {
    return absl::InvalidArgumentError(
        absl::StrCat("model parameters: ", name,
                     ": expected a quoted string, got '", item, "'"));
  }
  return std::string(item.substr(1, item.size() - 2));
}

absl::StatusOr<std::vector<double>> Numbers(absl::string_view list,
                                            absl::string_view name) {
  std::vector<double> out;
  for (absl::string_view item : absl::StrSplit(list, ',')) {
    double v = 0;
    if (!absl::SimpleAtod(absl::StripAsciiWhitespace(item), &v)) {
      return absl::InvalidArgumentError(absl::StrCat(
          "model parameters: ", name, ": bad number '", item, "'"));
    }
    out.push_back(v);
  }
  return out;
}

}  // namespace

double ScoreModel::Score(const RatingFeatures& features) const {
  double p = coefficients[0];
  for (size_t j = 0; j < inputs.size(); ++j)
    p += coefficients[j + 1] * ModelInputValue(inputs[j], features);
  return p;
}

ScoreModel InstalledScoreModel() {
  return {ModelInputNames(), ModelCoefficients()};
}

LogModelFit FitLogModel(absl::Span<const LabelledFeatures> fit,
                        absl::Span<const LabelledFeatures> held_out,
                        const std::vector<std::string>& inputs) {
  std::vector<std::vector<double>> x;
  std::vector<double> y;
  for (const LabelledFeatures& s : fit) {
    if (s.label <= 0) continue;
    std::vector<double> row;
    row.reserve(inputs.size());
    for (const std::string& in : inputs)
      row.push_back(ModelInputValue(in, *s.features));
    x.push_back(std::move(row));
    y.push_back(std::log(s.label));
  }
  LogModelFit result;
  result.model = {inputs, LeastSquares(x, y)};
  if (result.model.coefficients.empty())
    result.model.coefficients.assign(inputs.size() + 1, 0.0);
  std::vector<double> predicted, truth;
  for (const LabelledFeatures& s : held_out) {
    if (s.label <= 0) continue;
    predicted.push_back(result.model.Score(*s.features));
    truth.push_back(s.label);
  }
  result.held_out_rho = Spearman(predicted, truth);
  return result;
}

std::string ModelFitId(const ScoreModel& model,
                       const LevelThresholds& thresholds) {
  return HashHex32(Fnv1a(ParamsBody(model, thresholds)));
}

std::string FormatModelParams(const ScoreModel& model,
                              const LevelThresholds& thresholds,
                              const ModelProvenance& provenance) {
  const std::string body = ParamsBody(model, thresholds);
  const size_t slash = provenance.corpus.find_last_of('/');
  const std::string corpus_name = slash == std::string::npos
                                      ? provenance.corpus
                                      : provenance.corpus.substr(slash + 1);
  return absl::StrCat(
      "// GENERATED by `sudoku-forge calibrate --fit --write-model=",
      provenance.written_to, "`\n",
      "// (docs/CALIBRATION.md). Do not edit by hand: refit instead.\n",
      "// Included by rater/model.cc inside namespace sudoku::model_params.\n",
      "// Score fitted on log(", provenance.label, ") of the even rows of ",
      corpus_name,
      absl::StrFormat(" (held-out rho %.3f);\n", provenance.held_out_rho),
      "// thresholds on the even rows of the level anchors "
      "(rater/calibration.cc).\n\n",
      body, "// Identifies this fit in RaterEngineVersion().\n",
      "inline constexpr const char* kFitId = \"", HashHex32(Fnv1a(body)),
      "\";\n");
}

absl::StatusOr<ModelParams> ParseModelParams(absl::string_view text) {
  ModelParams params;
  absl::StatusOr<absl::string_view> inputs =
      Declaration(text, "kInputs", /*array=*/true);
  if (!inputs.ok()) return inputs.status();
  for (absl::string_view item : absl::StrSplit(*inputs, ',')) {
    absl::StatusOr<std::string> name = Quoted(item, "kInputs");
    if (!name.ok()) return name.status();
    params.model.inputs.push_back(*std::move(name));
  }
  absl::StatusOr<absl::string_view> coefficients =
      Declaration(text, "kCoefficients", /*array=*/true);
  if (!coefficients.ok()) return coefficients.status();
  absl::StatusOr<std::vector<double>> b =
      Numbers(*coefficients, "kCoefficients");
  if (!b.ok()) return b.status();
  if (b->size() != params.model.inputs.size() + 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("model parameters: ", b->size(), " coefficients for ",
                     params.model.inputs.size(),
                     " inputs (expected one per input plus "
                     "the intercept)"));
  }
  params.model.coefficients = *std::move(b);
  absl::StatusOr<absl::string_view> thresholds =
      Declaration(text, "kThresholds", /*array=*/true);
  if (!thresholds.ok()) return thresholds.status();
  absl::StatusOr<std::vector<double>> t = Numbers(*thresholds, "kThresholds");
  if (!t.ok()) return t.status();
  if (t->size() != 3) {
    return absl::InvalidArgumentError(absl::StrCat(
        "model parameters: ", t->size(), " thresholds (expected 3)"));
  }
  params.thresholds = {(*t)[0], (*t)[1], (*t)[2]};
  absl::StatusOr<absl::string_view> fit_id =
      Declaration(text, "const char* kFitId", /*array=*/false);
  if (!fit_id.ok()) return fit_id.status();
  absl::StatusOr<std::string> id = Quoted(*fit_id, "kFitId");
  if (!id.ok()) return id.status();
  params.fit_id = *std::move(id);
  return params;
}

absl::StatusOr<std::string> WriteModelParams(
    const std::string& path, const ScoreModel& model,
    const LevelThresholds& thresholds, const ModelProvenance& provenance) {
  if (model.coefficients.size() != model.inputs.size() + 1) {
    return absl::InvalidArgumentError(
        absl::StrCat("model: ", model.coefficients.size(), " coefficients for ",
                     model.inputs.size(), " inputs"));
  }
  std::ofstream out(path);
  out << FormatModelParams(model, thresholds, provenance);
  out.close();
  if (!out) return absl::InternalError(absl::StrCat(path, ": cannot write"));
  return ModelFitId(model, thresholds);
}

}  // namespace sudoku
