// GraphML 1.0 witnesses: writing from checked content, reading with libxml2 (see GraphMl.h).
#include "witness/GraphMl.h"

#include <libxml/parser.h>
#include <libxml/tree.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "util/Error.h"
#include "util/Markup.h"

namespace argus::witness {
namespace {

/// The keys this writer uses (name, the element they belong to, type), declared as GraphML demands.
struct KeySpec {
  const char* name;
  const char* scope;
  const char* type;
  const char* defaultValue;  // nullptr: none
};
const KeySpec kKeys[] = {
    {"witness-type", "graph", "string", nullptr},   {"sourcecodelang", "graph", "string", nullptr},
    {"producer", "graph", "string", nullptr},       {"specification", "graph", "string", nullptr},
    {"programfile", "graph", "string", nullptr},    {"programhash", "graph", "string", nullptr},
    {"architecture", "graph", "string", nullptr},   {"creationtime", "graph", "string", nullptr},
    {"entry", "node", "boolean", "false"},          {"violation", "node", "boolean", "false"},
    {"invariant", "node", "string", nullptr},       {"invariant.scope", "node", "string", nullptr},
    {"startline", "edge", "int", nullptr},          {"assumption", "edge", "string", nullptr},
    {"assumption.scope", "edge", "string", nullptr}, {"assumption.resultfunction", "edge", "string", nullptr},
};

class GraphMlWriter {
 public:
  GraphMlWriter(const ir::Program& program, const WitnessMetadata& metadata, const char* witnessType) {
    const ir::Origin& origin = program.origin();
    out_ << "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
         << "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
            "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
    for (const KeySpec& k : kKeys) {
      out_ << " <key attr.name=\"" << k.name << "\" attr.type=\"" << k.type << "\" for=\"" << k.scope
           << "\" id=\"" << k.name << "\"";
      if (k.defaultValue) out_ << ">\n  <default>" << k.defaultValue << "</default>\n </key>\n";
      else out_ << "/>\n";
    }
    out_ << " <graph edgedefault=\"directed\">\n";
    data("witness-type", witnessType);
    data("sourcecodelang", "C");
    data("producer", "argus " + metadata.producerVersion);
    data("specification", "CHECK( init(main()), LTL(" + specificationOf(program) + ") )");
    data("programfile", origin.file);
    data("programhash", sha256OfFile(origin.file));
    data("architecture", origin.ilp32 ? "32bit" : "64bit");
    data("creationtime", creationTime());
  }

  void node(const std::string& id, const std::map<std::string, std::string>& values = {}) {
    out_ << "  <node id=\"" << id << "\"";
    if (values.empty()) {
      out_ << "/>\n";
      return;
    }
    out_ << ">\n";
    for (auto& [k, v] : values) data(k, v, "   ");
    out_ << "  </node>\n";
  }

  void edge(const std::string& from, const std::string& to, const std::map<std::string, std::string>& values) {
    out_ << "  <edge source=\"" << from << "\" target=\"" << to << "\">\n";
    for (auto& [k, v] : values) data(k, v, "   ");
    out_ << "  </edge>\n";
  }

  std::string finish() {
    out_ << " </graph>\n</graphml>\n";
    return out_.str();
  }

 private:
  void data(const std::string& key, const std::string& value, const char* indent = "  ") {
    out_ << indent << "<data key=\"" << key << "\">" << escapeMarkup(value) << "</data>\n";
  }

  std::ostringstream out_;
};

/// libxml2's documents, freed with the reader's scope.
struct DocumentFree {
  void operator()(xmlDoc* doc) const { xmlFreeDoc(doc); }
};

/// A string libxml2 allocated, copied and freed ("" for none).
std::string taken(xmlChar* value) {
  if (!value) return "";
  std::string out(reinterpret_cast<const char*>(value));
  xmlFree(value);
  return out;
}

std::string attribute(xmlNode* node, const char* name) {
  return taken(xmlGetProp(node, reinterpret_cast<const xmlChar*>(name)));
}

std::string textOf(xmlNode* node) { return taken(xmlNodeGetContent(node)); }

bool named(xmlNode* node, const char* name) {
  return node->type == XML_ELEMENT_NODE && xmlStrcmp(node->name, reinterpret_cast<const xmlChar*>(name)) == 0;
}

}  // namespace

std::string graphMlViolation(const ir::Program& program, const std::vector<Waypoint>& waypoints,
                             const WitnessMetadata& metadata) {
  GraphMlWriter w(program, metadata, "violation_witness");
  w.node("N0", {{"entry", "true"}});
  size_t n = 0;
  for (const Waypoint& p : waypoints) {
    std::string from = "N" + std::to_string(n), to = "N" + std::to_string(n + 1);
    ++n;
    if (p.type == "target") {
      w.node(to, {{"violation", "true"}});
      w.edge(from, to, {{"startline", std::to_string(p.line)}});
      break;
    }
    w.node(to);
    w.edge(from, to,
           {{"startline", std::to_string(p.line)},
            {"assumption", p.constraint + ";"},
            {"assumption.scope", p.function},
            {"assumption.resultfunction", p.callee}});
  }
  return w.finish();
}

std::string graphMlCorrectness(const ir::Program& program, const std::vector<LoopInvariant>& invariants,
                               const WitnessMetadata& metadata) {
  GraphMlWriter w(program, metadata, "correctness_witness");
  w.node("N0", {{"entry", "true"}});
  for (size_t i = 0; i < invariants.size(); ++i) {
    const LoopInvariant& inv = invariants[i];
    std::string id = "I" + std::to_string(i + 1);
    w.node(id, {{"invariant", inv.value}, {"invariant.scope", program.proc(program.loc(inv.loc).proc).name}});
    w.edge("N0", id, {{"startline", std::to_string(program.loc(inv.loc).loopStart.line)}});
  }
  return w.finish();
}

bool looksLikeXml(const std::string& file) {
  std::ifstream in(file);
  char c;
  while (in.get(c))
    if (!std::isspace(static_cast<unsigned char>(c))) return c == '<';
  return false;
}

GraphMlWitness readGraphMl(const std::string& file) {
  std::unique_ptr<xmlDoc, DocumentFree> doc(xmlReadFile(file.c_str(), nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING));
  if (!doc) {
    const xmlError* error = xmlGetLastError();
    throw InputError(file, error ? error->line : 0,
                     std::string("not well-formed XML") + (error && error->message ? ": " + std::string(error->message) : ""));
  }
  xmlNode* root = xmlDocGetRootElement(doc.get());
  if (!root || !named(root, "graphml")) throw InputError(file, root ? int(xmlGetLineNo(root)) : 0, "the root element is not <graphml>");
  std::map<std::string, std::string> keyNames;  // key id → attr.name
  xmlNode* graph = nullptr;
  for (xmlNode* child = root->children; child; child = child->next) {
    if (named(child, "key")) {
      std::string id = attribute(child, "id"), name = attribute(child, "attr.name");
      keyNames[id] = name.empty() ? id : name;
    } else if (named(child, "graph")) {
      if (graph) throw InputError(file, int(xmlGetLineNo(child)), "more than one <graph>");
      graph = child;
    }
  }
  if (!graph) throw InputError(file, int(xmlGetLineNo(root)), "no <graph>");
  auto dataOf = [&](xmlNode* element) {
    std::map<std::string, std::string> out;
    for (xmlNode* d = element->children; d; d = d->next) {
      if (!named(d, "data")) continue;
      std::string key = attribute(d, "key");
      auto it = keyNames.find(key);
      out[it == keyNames.end() ? key : it->second] = textOf(d);
    }
    return out;
  };
  GraphMlWitness out;
  out.graphData = dataOf(graph);
  for (xmlNode* child = graph->children; child; child = child->next) {
    if (named(child, "node")) {
      std::string id = attribute(child, "id");
      if (id.empty()) throw InputError(file, int(xmlGetLineNo(child)), "a <node> without an id");
      out.nodes[id].data = dataOf(child);
    } else if (named(child, "edge")) {
      GraphMlWitness::Edge e{attribute(child, "source"), attribute(child, "target"), dataOf(child)};
      if (e.source.empty() || e.target.empty())
        throw InputError(file, int(xmlGetLineNo(child)), "an <edge> without source or target");
      out.edges.push_back(std::move(e));
    }
  }
  for (auto& e : out.edges)
    for (const std::string& end : {e.source, e.target})
      if (!out.nodes.count(end)) throw InputError(file, 0, "an edge names the unknown node '" + end + "'");
  return out;
}

}  // namespace argus::witness
