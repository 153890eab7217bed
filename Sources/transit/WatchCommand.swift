import Foundation

/// `transit watch FILE`. Not written yet.
func commandWatch(_ arguments: ArraySlice<String>) throws -> Int32 {
    throw UsageError(message: "watch: not available yet")
}
