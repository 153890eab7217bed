import Foundation

/// `transit repl [FILE]`. Not written yet.
func commandRepl(_ arguments: ArraySlice<String>) throws -> Int32 {
    throw UsageError(message: "repl: not available yet")
}
