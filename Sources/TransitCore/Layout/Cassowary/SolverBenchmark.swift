// A fixed Auto Layout-shaped workload for measuring the solver (SolverTests runs it with
// TRANSIT_SOLVER_BENCH=1 in a release build and prints the figures; nothing asserts on time).

/// Median timings of LayoutSolver.benchmark, in seconds.
public struct SolverBenchmarkResult: Sendable, CustomStringConvertible {
    public let views: Int
    public let constraints: Int
    /// Adding every constraint to an empty solver and writing the solution into the variables.
    public let solve: Double
    /// Changing one constraint's constant (updateConstant) and writing the solution.
    public let update: Double
    /// The same change without writing the solution (the solver's own share).
    public let updateWithoutWriting: Double

    public var description: String {
        func format(_ seconds: Double) -> String {
            seconds >= 1e-3 ? "\((seconds * 1e5).rounded() / 100) ms" : "\((seconds * 1e7).rounded() / 10) µs"
        }
        return "\(constraints) constraints over \(views) views: solve \(format(solve)), "
            + "constant update \(format(update)) (\(format(updateWithoutWriting)) without updateVariables)"
    }
}

extension LayoutSolver {
    /// `views` views (x, y, width, height each): the first is the container, pinned by four
    /// required constraints; each other view has four: its leading edge pinned to the previous
    /// view's trailing edge + 8 (the first to the container + 16), its top equal to the
    /// container's (even) or at least 4 below the previous view's (odd), height equal to width
    /// (required every third view, else at 750), and width 44 at 750 (even) or at least
    /// 20 + i mod 7 (odd, required). Equalities, inequalities and optional priorities mixed,
    /// chained so rows share symbols the way a real view hierarchy's do.
    public static func benchmarkLayout(views: Int) -> (variables: [LayoutVariable], constraints: [SolverConstraint], margin: SolverConstraint) {
        var variables: [LayoutVariable] = []
        var constraints: [SolverConstraint] = []
        func view(_ index: Int) -> (x: LayoutVariable, y: LayoutVariable, width: LayoutVariable, height: LayoutVariable) {
            (variables[4 * index], variables[4 * index + 1], variables[4 * index + 2], variables[4 * index + 3])
        }
        for index in 0..<max(1, views) {
            for part in ["x", "y", "width", "height"] { variables.append(LayoutVariable("view\(index).\(part)")) }
        }
        let container = view(0)
        constraints += [SolverConstraint(container.x, .equal, 0), SolverConstraint(container.y, .equal, 0),
                        SolverConstraint(container.width, .equal, 100_000), SolverConstraint(container.height, .equal, 800)]
        let margin = SolverConstraint(view(min(1, views - 1)).x, .equal, container.x + 16)
        for index in 1..<max(1, views) {
            let current = view(index), previous = view(index - 1)
            constraints.append(index == 1 ? margin : SolverConstraint(current.x, .equal, previous.x + previous.width + 8))
            constraints.append(index % 2 == 0 ? SolverConstraint(current.y, .equal, container.y)
                                              : SolverConstraint(current.y, .greaterThanOrEqual, previous.y + 4))
            constraints.append(SolverConstraint(current.height, .equal, current.width,
                                                priority: index % 3 == 0 ? LayoutPriority.required : LayoutPriority.defaultHigh))
            constraints.append(index % 2 == 0 ? SolverConstraint(current.width, .equal, 44, priority: LayoutPriority.defaultHigh)
                                              : SolverConstraint(current.width, .greaterThanOrEqual, 20 + Double(index % 7)))
        }
        return (variables, constraints, margin)
    }

    /// Runs benchmarkLayout(views:) `repetitions` times and reports median timings.
    public static func benchmark(views: Int = 250, repetitions: Int = 21) throws -> SolverBenchmarkResult {
        let layout = benchmarkLayout(views: views)
        let clock = ContinuousClock()
        func seconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

        var solves: [Double] = []
        var solver = LayoutSolver()
        for _ in 0..<max(1, repetitions) {
            solver = LayoutSolver()
            let fresh = solver
            solves.append(seconds(try clock.measure {
                for constraint in layout.constraints { try fresh.add(constraint) }
                fresh.updateVariables()
            }))
        }
        var updates: [Double] = [], updatesWithoutWriting: [Double] = []
        // Each step moves the margin out and back, so every measured call changes the constant.
        for _ in 0..<max(1, repetitions) {
            updatesWithoutWriting.append(seconds(try clock.measure { try solver.updateConstant(of: layout.margin, to: 20) }))
            updates.append(seconds(try clock.measure {
                try solver.updateConstant(of: layout.margin, to: 16)
                solver.updateVariables()
            }))
        }
        return SolverBenchmarkResult(views: views, constraints: layout.constraints.count, solve: median(solves),
                                     update: median(updates), updateWithoutWriting: median(updatesWithoutWriting))
    }
}
