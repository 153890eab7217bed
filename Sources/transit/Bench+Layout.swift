import Foundation
import TransitCore
import TransitLua
import TransitRender

// Auto Layout: what a screen laid out with constraints costs. 250 views in a container, four
// constraints each (1,000 in all: a chain of equalities, inequalities and optional
// preferences), activated and solved as a layout pass does; then one constant changed and laid
// out again, which the engine does incrementally (the solver shifts the constant and
// re-optimises from the current solution, it does not solve again from nothing).

func benchLayout(_ rounds: Int) throws -> [BenchFigure] {
    var solveSamples: [Double] = [], updateSamples: [Double] = [], applySamples: [Double] = []
    for _ in 0..<rounds {
        let world = World(device: .defaultProfile)
        let container = View(world: world, frame: Rect(x: 0, y: 0, width: 10_000, height: 10_000))
        try world.window.addSubview(container)
        var views: [View] = []
        for index in 0..<250 {
            let view = View(world: world)
            view.name = "v\(index)"
            view.translatesAutoresizingMaskIntoConstraints = false
            try container.addSubview(view)
            views.append(view)
        }
        // The shape of LayoutSolver.benchmarkLayout (TransitCore/Layout/Cassowary), through the
        // engine: so the engine's own cost is the difference between this and the solver's.
        var constraints: [LayoutConstraint] = []
        for (index, view) in views.enumerated() {
            let previous: any LayoutItem = index == 0 ? container : views[index - 1]
            constraints.append(try LayoutAnchor.of(view, .leading).constraint(.equal, to: LayoutAnchor.of(previous, index == 0 ? .leading : .trailing), constant: index == 0 ? 16 : 8))
            constraints.append(index % 2 == 0 ? try LayoutAnchor.of(view, .top).constraint(.equal, to: LayoutAnchor.of(container, .top))
                                              : try LayoutAnchor.of(view, .top).constraint(.greaterThanOrEqual, to: LayoutAnchor.of(previous, .top), constant: 4))
            let square = try LayoutAnchor.of(view, .height).constraint(.equal, to: LayoutAnchor.of(view, .width))
            if index % 3 != 0 { try square.setPriority(LayoutPriority.defaultHigh) }
            constraints.append(square)
            if index % 2 == 0 {
                let width = try LayoutAnchor.of(view, .width).constraint(.equal, to: nil, constant: 44)
                try width.setPriority(LayoutPriority.defaultHigh)
                constraints.append(width)
            } else {
                constraints.append(try LayoutAnchor.of(view, .width).constraint(.greaterThanOrEqual, to: nil, constant: 20 + Double(index % 7)))
            }
        }
        let start = MonotonicClock.seconds()
        for constraint in constraints { try constraint.setActive(true) }
        try container.layoutIfNeeded()
        solveSamples.append((MonotonicClock.seconds() - start) * 1000)
        guard views[249].frame.minX > views[0].frame.minX else { throw BenchError.roundInvalid("the layout did not place the chain") }
        // The re-solve: the constant changed and the engine's solution brought up to date (the
        // frames it moves are then set by the layout pass, 250 of them here, timed apart).
        let update = MonotonicClock.seconds()
        constraints[0].constant = 7
        world.layoutEngine.solveIfNeeded()
        updateSamples.append((MonotonicClock.seconds() - update) * 1_000_000)
        let apply = MonotonicClock.seconds()
        try container.layoutIfNeeded()
        applySamples.append((MonotonicClock.seconds() - apply) * 1_000_000)
        guard views[0].frame.minX == 7 else { throw BenchError.roundInvalid("the constant change did not move the first view") }
        constraints[0].constant = 16
    }
    return [
        BenchFigure.median("layout.solve_1k", solveSamples, unit: "ms", target: 5, "1,000 constraints over 250 views activated, solved and laid out"),
        BenchFigure.median("layout.update_constant", updateSamples, unit: "µs", target: 50, "one constant changed in that system and re-solved incrementally (setting the 250 frames it moves: median \(formatNumber((applySamples.sorted()[applySamples.count / 2]).rounded())) µs more)"),
    ]
}
