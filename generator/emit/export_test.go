package emit

// VerifyParams makes every twin check its params against the decoded
// front matter of its page (TestGolden turns it on).
func VerifyParams(on bool) { verifyParams = on }
