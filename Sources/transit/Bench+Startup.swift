import Foundation

/// `transit bench`: the startup figures. Not measured yet.
func benchStartup(_ rounds: Int) throws -> [BenchFigure] {
    []
}
