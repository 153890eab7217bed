import Foundation

/// `transit bench`: the timeline figures. Not measured yet.
func benchTimeline(_ rounds: Int) throws -> [BenchFigure] {
    []
}
