// Region memory (pointers, structs holding pointers, the heap) and the promotion of singleton objects'
// fields to variables: what is promoted and what is not, what stays unsupported, and that the error is
// reachable exactly when the C program reaches it (bounded exploration, both encodings, and the native
// replay of the exploration's inputs for the reachable ones).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "PathExplorer.h"
#include "frontend/c/CFrontend.h"
#include "testing/TestFolder.h"
#include "util/Logger.h"
#include "util/Stats.h"
#include "testing/Paths.h"

using namespace argus;
using namespace argus::testing;

namespace {

const char* const kHeapPrelude = "extern void *malloc(unsigned long);\nextern void *calloc(unsigned long, unsigned long);\n"
                                 "extern void free(void *);\nextern void *memcpy(void *, const void *, unsigned long);\n";

struct TranslatedProgram {
  std::unique_ptr<ir::Program> program;
  int64_t promoted = 0;
  int64_t unsupported = 0;
  int64_t partitions = 0;
};

TranslatedProgram translate(const CSnippet& snippet, ir::Encoding encoding) {
  Logger log;
  Stats stats;
  frontend::CFrontendOptions options;
  options.encoding = encoding;
  TranslatedProgram out;
  out.program = frontend::translateC(snippet.task(), options, log, stats);
  out.program->validate();
  out.promoted = stats.getInt("frontend.promoted_objects");
  out.unsupported = stats.getInt("frontend.unsupported_edges");
  out.partitions = stats.getInt("frontend.memory_partitions");
  return out;
}

/// Whether some edge of the program is unsupported for a reason that mentions `what`.
bool hasUnsupportedEdge(const TranslatedProgram& t, const std::string& what) {
  const auto& edges = t.program->edges();
  return std::any_of(edges.begin(), edges.end(),
                     [&](const ir::Edge& e) { return e.unsupported.find(what) != std::string::npos; });
}

bool hasVariableStartingWith(const ir::Program& p, const std::string& prefix) {
  return std::any_of(p.vars().begin(), p.vars().end(), [&](const ir::Variable& v) { return v.name.rfind(prefix, 0) == 0; });
}

/// Translates in both encodings and checks that the error's reachability is `reachable` in each.
void expectReachability(const CSnippet& snippet, bool reachable, unsigned maxEdges = 60) {
  for (ir::Encoding encoding : {ir::Encoding::Int, ir::Encoding::BitVector}) {
    TranslatedProgram t = translate(snippet, encoding);
    EXPECT_EQ(t.unsupported, 0);
    Exploration e = explore(*t.program, maxEdges);
    EXPECT_EQ(e.errorReachable, reachable) << (encoding == ir::Encoding::Int ? "int" : "bv");
    EXPECT_FALSE(e.unsupportedReached) << e.unsupported;
    if (reachable && e.errorReachable) {
      frontend::ReplayOutcome replay = replayWitness(snippet.task(), e);
      EXPECT_TRUE(replay.reachedError) << replay.detail;
    }
  }
}

const char* const kStateMachine = R"(
struct conn { int state; int *counter; struct conn *peer; };
void step(struct conn *c) {
  if (c->state == 1) { c->state = 2; (*c->counter)++; }
  else if (c->state == 2) c->state = 3;
}
int main(void) {
  struct conn *c = malloc(sizeof(struct conn));
  int n = 0;
  c->state = 1;
  c->counter = &n;
  c->peer = c;
  step(c);
  step(c->peer);
  if (c->state == 3 && n == LIMIT) reach_error();
  return 0;
}
)";

}  // namespace

TEST(MemoryModel, SingletonHeapObjectReachedThroughParametersIsPromoted) {
  for (const char* limit : {"1", "2"}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + "#define LIMIT " + limit + "\n" + kStateMachine);
    TranslatedProgram t = translate(snippet, ir::Encoding::Int);
    // The block from malloc and n (its address is stored) both exist once: their fields are variables.
    EXPECT_EQ(t.promoted, 2);
    EXPECT_TRUE(hasVariableStartingWith(*t.program, "heap@"));
    EXPECT_FALSE(hasVariableStartingWith(*t.program, "__mem_i32"));
    expectReachability(snippet, std::string(limit) == "1");
  }
}

TEST(MemoryModel, AllocationsInLoopsStayInRegionMemory) {
  for (const char* bad : {"0", "1"}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
struct node { int value; struct node *next; };
int main(void) {
  struct node *list = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->value = i + )" + bad + R"(;
    n->next = list;
    list = n;
  }
  int sum = 0;
  for (struct node *p = list; p; p = p->next) sum += p->value;
  if (sum == 6) reach_error();
  return 0;
}
)");
    TranslatedProgram t = translate(snippet, ir::Encoding::Int);
    EXPECT_EQ(t.promoted, 0);
    EXPECT_TRUE(hasVariableStartingWith(*t.program, "__mem_i32"));
    EXPECT_TRUE(hasVariableStartingWith(*t.program, "__mem_ptr"));
    expectReachability(snippet, std::string(bad) == "1", 120);
  }
}

TEST(MemoryModel, RegionMemoryIsPartitionedByWhatOneAccessMayTouch) {
  // Two lists no pointer reaches both of: each has arrays of its own, named by its allocation. A pointer
  // that may point into either list joins them in one partition. Either way the sums are what C says.
  for (bool joined : {false, true}) {
    for (const char* expected : {"21", "22"}) {
      std::string defines = "#define JOINED " + std::string(joined ? "1" : "0") + "\n#define EXPECTED " + expected + "\n";
      CSnippet snippet(defines + kPrelude + kHeapPrelude + R"(
struct node { int value; struct node *next; };
int main(void) {
  struct node *a = 0, *b = 0;
  for (int i = 0; i < 2; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->value = i;
    n->next = a;
    a = n;
  }
  for (int i = 0; i < 2; i++) {
    struct node *m = malloc(sizeof(struct node));
    m->value = 10 + i;
    m->next = b;
    b = m;
  }
  if (JOINED) {
    int *either = __VERIFIER_nondet_int() ? &a->value : &b->value;
    if (*either > 100) return 0;
  }
  int sum = 0;
  for (struct node *p = a; p; p = p->next) sum += p->value;
  for (struct node *q = b; q; q = q->next) sum += q->value;
  if (sum == EXPECTED) reach_error();
  return 0;
}
)");
      SCOPED_TRACE(std::string(joined ? "joined, " : "apart, ") + expected);
      TranslatedProgram t = translate(snippet, ir::Encoding::Int);
      EXPECT_EQ(t.partitions, joined ? 1 : 2);
      auto& vars = t.program->vars();
      auto arrays = std::count_if(vars.begin(), vars.end(), [](const ir::Variable& v) { return v.name.rfind("__mem_i32.heap@", 0) == 0; });
      EXPECT_EQ(arrays, joined ? 1 : 2);
      expectReachability(snippet, std::string(expected) == "22", 200);
    }
  }
}

TEST(MemoryModel, ExposedAndImpreciselyAccessedObjectsAreNotPromoted) {
  CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
int a[4];
int b;
int *pick(int *x) { return x; }
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i < 0 || i > 3) return 0;
  int *p = pick(&a[i]);
  *p = 5;
  long address = (long)pick(&b);
  if (address % 4 != 0) return 0;
  int *q = (int *)address;
  *q = 7;
  if (a[2] == 5 && b == 7) reach_error();
  return 0;
}
)");
  TranslatedProgram t = translate(snippet, ir::Encoding::Int);
  EXPECT_EQ(t.promoted, 0);  // a: accessed at a variable index; b: its address became an integer
  EXPECT_TRUE(hasVariableStartingWith(*t.program, "__mem_i32"));
  expectReachability(snippet, true);
}

TEST(MemoryModel, CallsThroughFunctionPointersReachOnlyFunctionsOfTheirType) {
  for (const char* wanted : {"9", "10"}) {
    CSnippet snippet(std::string(kPrelude) + R"(
int twice(int x) { return 2 * x; }
int plus_one(int x) { return x + 1; }
long other(long x) { return x + 100; }
long (*keep)(long) = other;
struct ops { int (*apply)(int); };
int main(void) {
  struct ops o;
  o.apply = __VERIFIER_nondet_int() ? twice : plus_one;
  int r = o.apply(8);
  if (r == )" + wanted + R"() reach_error();
  return 0;
}
)");
    TranslatedProgram t = translate(snippet, ir::Encoding::Int);
    ASSERT_NE(t.program->findProc("twice"), ir::kNone);
    ASSERT_NE(t.program->findProc("other"), ir::kNone);  // address taken, but of another type
    // Any other target is a function outside the program, here never called.
    expectReachability(snippet, std::string(wanted) == "9");
    EXPECT_FALSE(hasUnsupportedEdge(t, "function"));
    EXPECT_TRUE(t.program->origin().unknownCallees);
  }
}

TEST(MemoryModel, CallsThroughFunctionPointersToDeclaredFunctionsAreCallsOfThem) {
  // A function the program only declares is a target too, called as a direct call of it would be: the
  // error function reaches the error, an external function returns any value of its type and changes no
  // memory. A pointer that holds no function of the program (here an arbitrary address) calls a function
  // outside the program, which does the same (an assumption the verdict states): any result, no memory
  // changed. Only where the result type allows no such value (a pointer) is the call unsupported.
  struct Case {
    const char* target;
    bool error;
  };
  for (Case c : {Case{"reach_error", true}, Case{"external", false},
                 Case{"(void (*)(void))__VERIFIER_nondet_pointer()", false}}) {
    CSnippet snippet(std::string(kPrelude) + R"(
extern void *__VERIFIER_nondet_pointer(void);
void ok(void) {}
extern void external(void);
int g = 1;
int main(void) {
  void (*f)(void) = __VERIFIER_nondet_int() ? ok : )" + c.target + R"(;
  f();
  if (g != 1) reach_error();
  return 0;
}
)");
    TranslatedProgram t = translate(snippet, ir::Encoding::Int);
    Exploration e = explore(*t.program, 40);
    EXPECT_EQ(e.errorReachable, c.error) << c.target;
    EXPECT_FALSE(e.unsupportedReached) << c.target << ": " << e.unsupported;
    // Which target the pointer holds is known only when the program runs: every call through a pointer may
    // call a function outside the program.
    EXPECT_TRUE(t.program->origin().unknownCallees) << c.target;
  }
  // The result of a function outside the program is any value of its type (no native replay: the pointer
  // holds no function there).
  for (const char* wanted : {"1234567", "-5"}) {
    CSnippet snippet(std::string(kPrelude) + R"(
extern void *__VERIFIER_nondet_pointer(void);
int main(void) {
  int (*f)(int) = (int (*)(int))__VERIFIER_nondet_pointer();
  if (f(0) == )" + wanted + R"() reach_error();
  return 0;
}
)");
    Exploration e = explore(*translate(snippet, ir::Encoding::Int).program, 40);
    EXPECT_TRUE(e.errorReachable) << wanted;
    EXPECT_FALSE(e.unsupportedReached) << e.unsupported;
  }
  // A pointer result: the call stays unsupported, naming what it is.
  CSnippet pointerResult(std::string(kPrelude) + R"(
extern void *__VERIFIER_nondet_pointer(void);
int main(void) {
  int *(*f)(void) = (int *(*)(void))__VERIFIER_nondet_pointer();
  if (f() == 0) reach_error();
  return 0;
}
)");
  EXPECT_TRUE(hasUnsupportedEdge(translate(pointerResult, ir::Encoding::Int), "no function of the program matches"));
}

TEST(MemoryModel, StructCopiesCallocAndLibraryMemcpy) {
  for (const char* check : {"copy.count == 3", "copy.count == 4"}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
struct rec { int count; struct rec *self; char tag; };
int main(void) {
  struct rec *r = calloc(1, sizeof(struct rec));
  if (r->count != 0 || r->self != 0 || r->tag != 0) return 0;
  r->count = 3;
  r->self = r;
  struct rec copy;
  memcpy(&copy, r, sizeof(struct rec));
  r->count = 4;
  if ()" + check + R"( && copy.self == r) reach_error();
  return 0;
}
)");
    expectReachability(snippet, std::string(check) == "copy.count == 3");
  }
}

TEST(MemoryModel, MemsetAndMemcpyThroughCharPointersReachTypedMemory) {
  // malloc's result is a char pointer: the operation goes to the scalars the block is used as (int here),
  // not to bytes that the int reads never see.
  for (const char* operation : {"memset(p, 0, sizeof(int))", "memcpy(p, q, sizeof(int))"}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + "extern void *memset(void *, int, unsigned long);\n" + R"(
int main(void) {
  int *p = malloc(sizeof(int));
  int *q = malloc(sizeof(int));
  *p = 5;
  *q = 0;
  )" + operation + R"(;
  if (*p != 5) reach_error();
  return 0;
}
)");
    expectReachability(snippet, true);
  }
  // Through a void pointer the memory's type is not known: the int goes to byte memory, and the
  // memset writes its bytes.
  CSnippet unknown(std::string(kPrelude) + "extern void *memset(void *, int, unsigned long);\n" + R"(
void clear(void *to) { memset(to, 0, 4); }
int main(void) {
  int x = 5;
  clear(&x);
  if (x != 5) reach_error();
  return 0;
}
)");
  expectReachability(unknown, true);
}

TEST(MemoryModel, CharacterAccessesToBytesOfWiderScalarsSeeTheirBytes) {
  // C lets a char pointer read and write the bytes of any object. The object goes to byte memory, where
  // an int is its four bytes, low byte first: a char write changes the int, an int write the chars.
  // The last one has no int access: the memcpy writes the int (it copies scalars of the destination's type).
  for (auto [mixing, reachable] : std::vector<std::pair<const char*, bool>>{
           {"*p = 0; b[1] = 1; if (*p != 0) reach_error();", true},
           {"*p = 0; b[1] = 1; if (*p != 0x100) reach_error();", false},
           {"*p = 0x100; if (b[1] == 1 && b[0] == 0) reach_error();", true},
           {"*p = 0x100; if (b[1] != 1 || b[0] != 0 || b[3] != 0) reach_error();", false},
           {"b[0] = 0; b[1] = 0; b[2] = 0; b[3] = 0; *p = 1; if (b[0] + b[3] == 1) reach_error();", true},
           {"b[0] = 1; memcpy(p, &zero, sizeof(int)); if (b[0] == 0) reach_error();", true},
           {"*p = -1; b[3] = 0x7f; if (*p != 0x7fffffff) reach_error();", false}}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
int zero;
int main(void) {
  int *p = malloc(sizeof(int));
  unsigned char *b = (unsigned char *)p;
  )" + mixing + R"(
  return 0;
}
)");
    SCOPED_TRACE(mixing);
    EXPECT_FALSE(hasUnsupportedEdge(translate(snippet, ir::Encoding::Int), "character access"));
    expectReachability(snippet, reachable);
  }
  // Chars beside wider scalars, in a struct, in an array field and in an array of structs, stay exact.
  CSnippet apart(std::string(kPrelude) + kHeapPrelude + R"(
struct rec { int id; char name[6]; char tag; long count; };
int main(void) {
  struct rec *r = malloc(2 * sizeof(struct rec));
  int i = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (i < 0 || i >= 6 || k < 0 || k >= 2) return 0;
  r[k].id = 7;
  r[k].count = 3;
  r[k].name[i] = 'a';
  r[k].tag = 'x';
  if (r[k].name[i] == 'a' && r[k].id == 7 && r[k].tag == 'x' && r[k].count == 3) reach_error();
  return 0;
}
)");
  expectReachability(apart, true, 80);
  // An array of such structs indexed by a variable: the chars repeat with the element, beside the ints.
  for (const char* check : {"arr[2].c == 'c' && arr[1].v == 1", "arr[2].c != 'c' || arr[1].v != 1"}) {
    CSnippet array(std::string(kPrelude) + R"(
struct S { char c; int v; };
struct S arr[3];
void set(int i) { arr[i].c = 'a' + i; arr[i].v = i; }
int main(void) {
  set(0);
  set(1);
  set(2);
  if ()" + check + R"() reach_error();
  return 0;
}
)");
    expectReachability(array, std::string(check).find("==") != std::string::npos, 80);
  }
}

TEST(MemoryModel, AVariableIndexIntoAFieldIsAnInexactAccess) {
  // m->data[i] may be m->data[7], so the object is not promoted: a variable index added to the field's
  // offset once made a bogus exact offset, and the write went to a field variable of its own. The
  // Regression test explores the program's paths; here only what the front end promotes.
  std::string path = std::string(ARGUS_SOURCE_DIR) + "/tests/regression/c/ptr_field_index_unsafe.c";
  ASSERT_TRUE(std::filesystem::exists(path)) << path << " is missing";
  CSnippet snippet(readAll(path));
  EXPECT_EQ(translate(snippet, ir::Encoding::Int).promoted, 0);
  expectReachability(snippet, true);
}

TEST(MemoryModel, PointerArithmeticInLoopsEndsTheAnalysis) {
  // `p++` in a loop reaches offsets 0, 4, 8, ... of the array: the points-to analysis must give up on the
  // exact offset rather than add one per round (it did not terminate before).
  for (const char* check : {"s == 15", "s != 15"}) {
    CSnippet snippet(std::string(kPrelude) + R"(
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int *p = a; p < a + 5; p++) s += *p;
  if ()" + check + R"() reach_error();
  return 0;
}
)");
    expectReachability(snippet, std::string(check) == "s == 15", 120);
  }
}

TEST(MemoryModel, TypePunningReadsTheBytesOfTheOtherType) {
  // A long long read over two ints sees them as its low and high halves (byte memory); the same for a
  // pointer stored into a long long cell and read back as a pointer.
  for (auto [check, reachable] : std::vector<std::pair<const char*, bool>>{
           {"*whole == 0", false}, {"*whole == (1LL << 32)", true}, {"*whole == (1LL << 32) + 7", true}}) {
    CSnippet snippet(std::string(kPrelude) + R"(
struct pair { int a; int b; };
void touch(struct pair *x) { x->b = 1; }
int main(void) {
  struct pair p;
  p.a = __VERIFIER_nondet_int();
  touch(&p);
  long long *whole = (long long *)&p;
  if ()" + check + R"() reach_error();
  return 0;
}
)");
    SCOPED_TRACE(check);
    expectReachability(snippet, reachable);
  }
  for (const char* check : {"*back != 7", "*back == 7"}) {
    CSnippet pointer(std::string(kPrelude) + R"(
int target = 7;
int main(void) {
  long long cell = 0;
  *(int **)&cell = &target;
  if (cell == 0) return 0;
  int **again = (int **)&cell;
  int *back = *again;
  if ()" + check + R"() reach_error();
  return 0;
}
)");
    SCOPED_TRACE(check);
    expectReachability(pointer, std::string(check) == "*back == 7");
  }
}

TEST(MemoryModel, UninitialisedHeapContentsAreArbitrary) {
  // Any value, zero among them: the error needs a = 42 (not replayable: the replay's malloc returns
  // zeros), or a = 0 and a null p (replayable).
  for (bool zero : {false, true}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
struct s { char tag; int a; int *p; };
int main(void) {
  struct s *x = malloc(sizeof(struct s));
  if ()" + std::string(zero ? "x->a == 0 && x->p == 0" : "x->a == 42 && x->p != 0") + R"() reach_error();
  return 0;
}
)");
    for (ir::Encoding encoding : {ir::Encoding::Int, ir::Encoding::BitVector}) {
      TranslatedProgram t = translate(snippet, encoding);
      EXPECT_EQ(t.promoted, 1);
      Exploration e = explore(*t.program, 40);
      EXPECT_TRUE(e.errorReachable);
      if (zero && e.errorReachable) EXPECT_TRUE(replayWitness(snippet.task(), e).reachedError);
    }
  }
}

TEST(MemoryModel, MemcpyOfAPrefixUpToAFieldCopiesItsScalars) {
  // CIL's drivers copy an I/O stack location up to a field: the length is the field's offset from a null
  // pointer, and the copy is of the scalars before it (the objects stay typed).
  for (auto [check, reachable] : std::vector<std::pair<const char*, bool>>{
           {"next.a == 3 && next.p == &x && next.b == 9", true}, {"next.a != 3 || next.p != &x || next.b != 9", false}}) {
    CSnippet snippet(std::string(kPrelude) + "extern void *memcpy(void *, const void *, unsigned long);\n" + R"(
struct location { int a; int *p; int b; };
int x;
struct location current, next;
int main(void) {
  current.a = 3;
  current.p = &x;
  current.b = 4;
  next.b = 9;
  memcpy(&next, &current, (long)&((struct location *)0)->b);
  if ()" + check + R"() reach_error();
  return 0;
}
)");
    SCOPED_TRACE(check);
    expectReachability(snippet, reachable);
  }
}

TEST(MemoryModel, MemcmpComparesBytesAsUnsignedCharsUpToTheFirstDifference) {
  // A constant length becomes a chain of byte comparisons, an unknown one a loop; either way the result's
  // sign is that of the first differing pair as unsigned chars (0x80 is above 0x01), and bytes after the
  // length do not count.
  const char* const comparisons = R"(
extern int memcmp(const void *, const void *, unsigned long);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned char buffer[5] = {'N', 'E', 0, 0x80, 7};
  buffer[2] = __VERIFIER_nondet_uchar();
  unsigned long length = LENGTH;
  int order = memcmp(buffer, "NEC\001\011", length);
  if (CHECK) reach_error();
  return 0;
}
)";
  struct Case { const char* length; const char* check; bool reachable; };
  for (const char* length : {"3", "4"}) {
    std::string whole = std::string(length) == "3" ? "order == 0" : "order > 0";
    for (Case c : std::vector<Case>{
             {length, "buffer[2] == 'C' && !(WHOLE)", false},
             {length, "buffer[2] == 'C' && WHOLE", true},
             {length, "buffer[2] < 'C' && order >= 0", false},
             {length, "buffer[2] > 'C' && order > 0", true},
         }) {
      for (bool variable : {false, true}) {
        std::string code = std::string(kPrelude) + comparisons;
        auto replace = [&](const std::string& key, const std::string& value) {
          for (size_t at; (at = code.find(key)) != std::string::npos;) code.replace(at, key.size(), value);
        };
        replace("CHECK", c.check);
        replace("WHOLE", whole);
        replace("LENGTH", variable ? "__VERIFIER_nondet_ulong();\n  if (length != " + std::string(length) + ") return 0"
                                   : std::string(length));
        SCOPED_TRACE(std::string(length) + (variable ? " (variable): " : ": ") + c.check);
        CSnippet snippet(code);
        expectReachability(snippet, c.reachable, 200);
      }
    }
  }
}

TEST(MemoryModel, AStructPassedByValueIsTheCalleesOwnCopy) {
  // 24 bytes: passed by value in memory (byval) on both data models. The callee changes its copy only.
  for (auto [check, reachable] : std::vector<std::pair<const char*, bool>>{
           {"s == 2 * x + 16 && p.a == x", true}, {"p.a != x || s != 2 * x + 16", false}}) {
    CSnippet snippet(std::string(kPrelude) + R"(
extern int __VERIFIER_nondet_int(void);
struct six { int a, b, c, d, e, f; };
int twice(struct six q) { q.a = q.a + q.b; return q.a + q.a - q.f; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  struct six p = {x, 9, 0, 0, 0, 2};
  int s = twice(p);
  if ()" + std::string(check) + R"() reach_error();
  return 0;
}
)");
    SCOPED_TRACE(check);
    for (bool ilp32 : {false, true}) {
      Logger log;
      Stats stats;
      frontend::CFrontendOptions options;
      std::unique_ptr<ir::Program> program = frontend::translateC(snippet.task(ilp32), options, log, stats);
      EXPECT_EQ(stats.getInt("frontend.unsupported_edges"), 0) << (ilp32 ? "ILP32" : "LP64");
    }
    expectReachability(snippet, reachable, 120);
  }
}

TEST(MemoryModel, AGlobalsFieldsThatNoAccessUsesGetNoVariables) {
  // Of a promoted global struct with an initialiser (its address is kept in the heap, so it lives in region
  // memory, and it is the only object of its pointer: promoted), only the fields the program reads or writes
  // become variables; the initial value of the one it reads counts.
  for (auto [check, reachable] : std::vector<std::pair<const char*, bool>>{{"(*holder)->used == 7", true}, {"(*holder)->used != 7", false}}) {
    CSnippet snippet(std::string(kPrelude) + kHeapPrelude + R"(
struct big { int a, b, c, d, e, f, g, h, used, i, j, k; };
struct big shared = {1, 2, 3, 4, 5, 6, 7, 8, 7, 9, 10, 11};
int main(void) {
  struct big **holder = malloc(sizeof *holder);
  *holder = &shared;
  if ()" + std::string(check) + R"() reach_error();
  return 0;
}
)");
    SCOPED_TRACE(check);
    TranslatedProgram t = translate(snippet, ir::Encoding::Int);
    EXPECT_GE(t.promoted, 1);
    auto& vars = t.program->vars();
    EXPECT_EQ(std::count_if(vars.begin(), vars.end(), [](const ir::Variable& v) { return v.name.rfind("shared.", 0) == 0; }), 1);
    expectReachability(snippet, reachable);
  }
}
