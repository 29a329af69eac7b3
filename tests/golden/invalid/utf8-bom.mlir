// RUN: check utf8-bom.input
// utf8-bom.input starts with a UTF-8 byte order mark (EF BB BF), invisible
// in an editor. It should be skipped (the rest is a valid module); today it
// is "1:1: error: unexpected character" with nothing visible at 1:1.
