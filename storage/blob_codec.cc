#include "storage/blob_codec.h"

#include <zlib.h>

#include <cstdint>

#include "absl/strings/str_cat.h"
#include "google/protobuf/io/coded_stream.h"
#include "google/protobuf/io/zero_copy_stream_impl_lite.h"

namespace sudoku {
namespace {

constexpr char kCompressed = '\0';
constexpr char kVersion1 = '\1';

// Dictionary version 1 (FROZEN: blobs written with it must stay readable;
// make a version 2 instead of editing it). Sentences of the commonest
// steps, then a serialized GenerationInfo and a serialized Rating of a 9x9
// puzzle made by `generate --db` (rater-3, the default ladder): deflate
// finds their parameter maps, feature names and technique ids here.
constexpr char kDictionary1[] =
    "Hidden single: can only go in within box row column Naked single: is"
    " the only candidate for Full house: is the last empty cell of Pointi"
    "ng: in box sees only eliminates from Claiming: Naked pair: Hidden pa"
    "ir: X-Wing on rows columns r1c1 r2c2 full_house hidden_single naked_"
    "single pointing claiming\010\301\271\211\310\310\275\213\205\221\001"
    "\022\013generator-2\032\025\012\015allow_backoff\022\004true\032\024"
    "\012\014max_attempts\022\0041000\032\020\012\010symmetry\022\004none"
    "\032\016\012\011max_clues\022\0010\032\017\012\012batch_seed\022\001"
    "1\032\016\012\011min_clues\022\0010\032\017\012\007minimal\022\004tr"
    "ue\032\014\012\005shape\022\0033x3\032\012\012\005index\022\0010\032"
    "\027\012\003run\022\020263dd0dc00381b1c\032\011\012\004seed\022\0011"
    "\042\004none0\001\012\020rater-3.3162071c\022,\012\024stochastic.hil"
    "lclimb\022\024runs=2,iterations=40\022(\012\021stochastic.reseda\022"
    "\023runs=1,iterations=2\022*\012\022stochastic.entropy\022\024runs=1"
    ",iterations=30\022\024\012\017stochastic_seed\022\0011\022\031\012"
    "\014exact_solver\022\011backtrack\022R\012\007players\022Gplayers=16"
    ",box=10,line=5,full_house=10,naked=1,technique_slope=3,seed=1\022"
    "\025\012\012techniques\022\007default\022\025\012\020allow_uniquenes"
    "s\022\0011\022.\012\025stochastic.projection\022\025runs=1,iteration"
    "s=500\022\244\004\012\006ladder\022\231\004full_house,hidden_single,"
    "direct_pointing,direct_claiming,direct_hidden_pair,naked_single,dire"
    "ct_hidden_triple,pointing,claiming,naked_pair,x_wing,hidden_pair,nak"
    "ed_triple,swordfish,hidden_triple,skyscraper,two_string_kite,turbot_"
    "fish,xy_wing,empty_rectangle,xyz_wing,unique_rectangle,naked_quad,je"
    "llyfish,hidden_quad,bug_plus_one,finned_x_wing,w_wing,x_chain,simple"
    "_colouring,xy_chain,remote_pair,multi_colouring,finned_swordfish,fin"
    "ned_jellyfish,aic,nishio,contradiction_chain,cell_forcing_chain,unit"
    "_forcing_chain,dynamic_forcing_chain\022+\012\021stochastic.anneal"
    "\022\026runs=2,iterations=2000\031\375X\037mT\267\027@\042\004easy)"
    "\000\000\000\000\000\000\370\0771333333\363\0779333333\363\077B\015h"
    "idden_singleJ\021\012\015hidden_single\020&J\016\012\012full_house"
    "\020\024P\001X\001j\011backtrack\200\001:\210\001\001\222\001\034"
    "\012\021deduction_guesses\021\000\000\000\000\000\000\000\000\222"
    "\001\030\012\015player_effort\021\013\216\306*\367\275z@\222\001\020"
    "\012\005clues\021\000\000\000\000\000\0007@\222\001\030\012\015searc"
    "h_effort\021\013\314\317\377\352\010\203@\222\001\033\012\020techniq"
    "ue_effort\021\000\000\000\000\000\000\000\000\222\001\036\012\023ste"
    "ps_above_singles\021\000\000\000\000\000\000\000\000";

absl::string_view Dictionary1() {
  return absl::string_view(kDictionary1, sizeof(kDictionary1) - 1);
}

const Bytef* Bytes(absl::string_view s) {
  return reinterpret_cast<const Bytef*>(s.data());
}

}  // namespace

std::string EncodeBlob(const google::protobuf::MessageLite& message) {
  std::string raw;
  {
    google::protobuf::io::StringOutputStream stream(&raw);
    google::protobuf::io::CodedOutputStream coded(&stream);
    coded.SetSerializationDeterministic(true);
    message.SerializeToCodedStream(&coded);
  }
  if (raw.empty()) return raw;
  z_stream z{};
  // Raw deflate (negative window bits): no zlib header or checksum; the
  // protobuf parse that follows checks the bytes.
  if (deflateInit2(&z, Z_BEST_COMPRESSION, Z_DEFLATED, -15, 9,
                   Z_DEFAULT_STRATEGY) != Z_OK) {
    return raw;
  }
  const absl::string_view dict = Dictionary1();
  deflateSetDictionary(&z, Bytes(dict), static_cast<uInt>(dict.size()));
  std::string out(2 + deflateBound(&z, static_cast<uLong>(raw.size())), '\0');
  out[0] = kCompressed;
  out[1] = kVersion1;
  z.next_in = const_cast<Bytef*>(Bytes(raw));
  z.avail_in = static_cast<uInt>(raw.size());
  z.next_out = reinterpret_cast<Bytef*>(out.data() + 2);
  z.avail_out = static_cast<uInt>(out.size() - 2);
  const int done = deflate(&z, Z_FINISH);
  const size_t size = 2 + z.total_out;
  deflateEnd(&z);
  if (done != Z_STREAM_END || size >= raw.size()) return raw;
  out.resize(size);
  return out;
}

absl::StatusOr<std::string> DecodeBlob(absl::string_view blob) {
  if (blob.empty() || blob[0] != kCompressed) return std::string(blob);
  if (blob.size() < 2 || blob[1] != kVersion1) {
    return absl::DataLossError(absl::StrCat(
        "compressed blob with unknown dictionary version ",
        blob.size() < 2 ? -1
                        : static_cast<int>(static_cast<uint8_t>(blob[1]))));
  }
  z_stream z{};
  if (inflateInit2(&z, -15) != Z_OK)
    return absl::InternalError("zlib: inflateInit2 failed");
  const absl::string_view dict = Dictionary1();
  // Raw inflate takes the dictionary before any input.
  inflateSetDictionary(&z, Bytes(dict), static_cast<uInt>(dict.size()));
  const absl::string_view stream = blob.substr(2);
  z.next_in = const_cast<Bytef*>(Bytes(stream));
  z.avail_in = static_cast<uInt>(stream.size());
  std::string out;
  char buffer[16384];
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(buffer);
    z.avail_out = sizeof(buffer);
    status = inflate(&z, Z_NO_FLUSH);
    out.append(buffer, sizeof(buffer) - z.avail_out);
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) {
    return absl::DataLossError(
        absl::StrCat("corrupt compressed blob (zlib status ", status, ")"));
  }
  return out;
}

}  // namespace sudoku
