package lookup

import "strings"

// The envelope: what PyTorch, pytest and nvFuser print around any error,
// whatever went wrong. Two errors sharing only their envelope share
// nothing, so the envelope's evidence never makes a note a match:
//
//   - a note keeps no feature of a specific kind (symbol, file, pair, ...)
//     that the envelope texts below have, and no text term they have;
//     the classes (err:, exc:, signal:) stay and still add their points,
//     they just cannot claim a match alone;
//   - with checks in the index, a specific feature found in the printed
//     error of more than half of nvFuser's checks is dropped the same way
//     (WithChecks): rarity across every check decides, not this list.
//
// The texts are written for this purpose (shapes, not any real run): a
// PyTorch TORCH_CHECK failure with c10's throw frames, pytest's
// assert_close failure, a Python traceback. Only their wording matters;
// values vary and are not features.
var envelopeTexts = []string{
	`Traceback (most recent call last):
  File "script.py", line 1, in <module>
RuntimeError: example
Exception raised from some_function at some_file.cpp:1 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x1 (0x1 in libc10.so)
frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x1 (0x1 in libc10.so)
frame #2: c10::detail::torchCheckFail(char const*, char const*, unsigned int, char const*) + 0x1 (0x1 in libc10.so)
frame #3: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x1 (0x1 in libc10.so)
frame #4: c10::detail::torchInternalAssertFail(char const*, char const*, unsigned int, char const*, std::string const&) + 0x1 (0x1 in libc10.so)`,
	`E       AssertionError: Tensor-likes are not close!
E       Tensor-likes are not equal!
E       Mismatched elements: 1 / 2 (50.0%)
E       Greatest absolute difference: 1 at index (0, 1) (up to 1e-05 allowed)
E       Greatest relative difference: 1 at index (0, 1) (up to 1e-05 allowed)
E       The values for attribute 'shape' do not match
E       Scalars are not close!
E       Expected 1 but got 2.
E       Absolute difference: 1 (up to 1e-05 allowed)
E       Relative difference: 1 (up to 1e-05 allowed)`,
	// PyTorch's caching allocator, on every CUDA out-of-memory error,
	// in its older and newer wordings.
	`torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.00 GiB. GPU 0 has a total capacity of 1.00 GiB of which 1.00 MiB is free. Including non-PyTorch memory, this process has 1.00 GiB memory in use. Process 1 has 1.00 GiB memory in use. Of the allocated memory 1.00 GiB is allocated by PyTorch, and 1.00 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
RuntimeError: CUDA out of memory. Tried to allocate 1.00 MiB (GPU 0; 1.00 GiB total capacity; 1.00 GiB already allocated; 1.00 MiB free; 1.00 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.`,
}

// envelope is the specific features and the text terms of the envelope.
var envelopeFeatures, envelopeTerms = func() (map[string]bool, map[string]bool) {
	fs, ts := map[string]bool{}, map[string]bool{}
	for _, t := range envelopeTexts {
		for _, f := range Features(t) {
			if specific[f[:strings.IndexByte(f, ':')]] {
				fs[f] = true
			}
		}
		for _, w := range Tokens(t) {
			ts[w] = true
		}
	}
	return fs, ts
}()

// withoutEnvelope is a note's features without the envelope's.
func withoutEnvelope(feats []string, drop map[string]bool) []string {
	out := feats[:0:0]
	for _, f := range feats {
		if !drop[f] {
			out = append(out, f)
		}
	}
	return out
}

// tokensWithoutEnvelope is a note's text terms without the envelope's.
func tokensWithoutEnvelope(toks []string) []string {
	out := toks[:0:0]
	for _, t := range toks {
		if !envelopeTerms[t] {
			out = append(out, t)
		}
	}
	return out
}
