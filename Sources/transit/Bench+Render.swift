import Foundation

/// `transit bench`: the render figures. Not measured yet.
func benchRender(_ rounds: Int) throws -> [BenchFigure] {
    []
}
