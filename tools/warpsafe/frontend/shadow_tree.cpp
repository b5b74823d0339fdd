#include "shadow_tree.h"

#include "include_inliner.h"
#include "translate.h"

namespace warpsafe::frontend {

std::string ShadowHeader(const std::string& original_path, std::string_view text) {
  if (text.compare(0, 3, "\xEF\xBB\xBF") == 0) text.remove_prefix(3);
  std::string body = RewriteCuda(text);
  if (!body.empty() && body.back() != '\n') body += '\n';
  return "#line 1 \"" + EscapePath(original_path) + "\"\n" + body;
}

}  // namespace warpsafe::frontend
