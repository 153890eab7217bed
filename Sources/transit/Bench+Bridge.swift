import Foundation

/// `transit bench`: the bridge figures. Not measured yet.
func benchBridge(_ rounds: Int) throws -> [BenchFigure] {
    []
}
