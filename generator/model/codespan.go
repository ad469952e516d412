package model

// CodeSpan is a run of a check's Code that is one kind of C++ token (or
// the white space between tokens). Its Text is a slice of the Code.
type CodeSpan struct {
	Role CodeRole
	Text string
}

// CodeRole is what a span of code is, as far as highlighting cares.
type CodeRole uint8

const (
	CodeSpace           CodeRole = iota // white space and anything unlexed
	CodeName                            // identifiers that are not keywords
	CodeFunction                        // the name a function declaration declares
	CodeKeyword                         // if, return, auto, nullptr, ...
	CodeKeywordType                     // int, bool, void, int64_t, ...
	CodeKeywordReserved                 // inline, __forceinline, ...
	CodeBuiltin                         // true, false, NULL
	CodeString                          // a string literal's quotes and text
	CodeStringEscape                    // \n, \", \x1f inside a string
	CodeStringAffix                     // the L, u8, R before a string
	CodeStringDelim                     // a raw string's delimiter and parentheses
	CodeChar                            // a character literal
	CodeInteger                         // 12, 1'000, 12u
	CodeFloat                           // 1.5, 1e-3f
	CodeHex                             // 0x1f
	CodeOctal                           // 017
	CodeBinary                          // 0b101
	CodeOperator                        // + - * / % = < > ! & | ^ ~ ? : and runs of them
	CodePunct                           // ( ) [ ] { } , . ;
	CodeComment                         // a // comment
	CodeCommentBlock                    // a /* */ comment
	CodePreproc                         // a preprocessor line, #define bodies included
	CodePreprocFile                     // the file an #include names
)
