package checks

import (
	"reflect"
	"testing"

	"github.com/nvfuser-handbook/handbook/generator/internal/cpplex"
)

// TestCaught reads which checks carry caught errors, and the text each
// prints before one, from sources shaped as wrappers are written.
func TestCaught(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      []string
	}{
		{"a stream in a lambda's catch, assigned to the message", `void Runner::compileAll() {
  std::string errors;
  pool->run([&]() {
    try { compileOne(); } catch (const std::exception& e) {
      std::stringstream ss;
      ss << errors << "\nFailure in worker " << id << ": " << e.what() << "\n";
      errors = ss.str();
    }
  });
  NVF_ERROR(errors.empty(), "Workers failed. See below.\n", errors, "\nDone.");
}`, []string{"Failure in worker {}:"}},
		{"streamed into the message's own stream", `void f() {
  std::stringstream msg;
  for (auto& t : tasks) {
    try { t(); } catch (std::runtime_error& err) { msg << "task " << t.name() << " threw: " << err.what(); }
  }
  NVF_CHECK(msg.str().empty(), msg.str());
}`, []string{"task {} threw:"}},
		{"what() with no words before it marks nothing", `void f() {
  std::string errors;
  try { g(); } catch (const std::exception& e) { std::stringstream ss; ss << errors << e.what(); errors = ss.str(); }
  NVF_ERROR(errors.empty(), errors);
}`, nil},
		{"a catch writing another string", `void f() {
  std::string errors, other;
  try { g(); } catch (const std::exception& e) { std::stringstream ss; ss << "Error in g: " << e.what(); other = ss.str(); }
  NVF_ERROR(errors.empty(), errors);
}`, nil},
		{"a check without a caught error", `void f(int x) {
  try { g(); } catch (const std::exception& e) { std::stringstream ss; ss << "Error in g: " << e.what(); log(ss.str()); }
  NVF_ERROR(x > 0, "x must be positive: ", x);
}`, nil},
		{"a catch in another function", `void g() {
  std::string errors;
  try { h(); } catch (const std::exception& e) { std::stringstream ss; ss << "Error in h: " << e.what(); errors = ss.str(); }
}
void f(std::string errors) {
  NVF_ERROR(errors.empty(), errors);
}`, nil},
	} {
		toks, err := cpplex.Lex([]byte(c.src))
		if err != nil {
			t.Fatal(err)
		}
		cs := FromTokens("csrc/x.cpp", toks)
		if len(cs) == 0 {
			t.Fatalf("%s: no check read", c.name)
		}
		if got := cs[len(cs)-1].Caught; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Caught = %q, want %q", c.name, got, c.want)
		}
	}
}
