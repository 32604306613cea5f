// SV-COMP witnesses in the older GraphML format (1.0), which validators and competition tooling still
// read: written from the same checked content as the 2.0 YAML witnesses (Witness.h), and read back as
// a plain graph for argus's own validation (Validate.h):
//  * violation: a path from the entry node; an edge per nondet value with `assumption` "\result == V;"
//    and `assumption.resultfunction`, the last edge into the node marked `violation`;
//  * correctness: from the entry node an edge per loop, `startline` the loop's line, into a node whose
//    `invariant` is the loop invariant in C (`invariant.scope` its function).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "witness/Witness.h"

namespace argus::witness {

std::string graphMlViolation(const ir::Program& program, const std::vector<Waypoint>& waypoints,
                             const WitnessMetadata& metadata);
std::string graphMlCorrectness(const ir::Program& program, const std::vector<LoopInvariant>& invariants,
                               const WitnessMetadata& metadata);

/// A GraphML witness as read: data by key name (`attr.name` of the key, else its id).
struct GraphMlWitness {
  struct Node {
    std::map<std::string, std::string> data;
  };
  struct Edge {
    std::string source, target;
    std::map<std::string, std::string> data;
  };
  std::map<std::string, std::string> graphData;  // witness-type, programhash, specification, ...
  std::map<std::string, Node> nodes;             // by id
  std::vector<Edge> edges;                       // in document order
};

/// Is the file XML (its first non-blank byte is '<')?
bool looksLikeXml(const std::string& file);

/// Reads a GraphML witness; throws InputError (file and line) when it is not well-formed GraphML.
GraphMlWitness readGraphMl(const std::string& file);

}  // namespace argus::witness
