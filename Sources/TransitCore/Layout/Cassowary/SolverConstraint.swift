// Constraints, their priorities and the solver's errors.
//
// Priorities are UIKit's: a number in (0, 1000]. 1000 is required (a hard constraint: it holds
// exactly or `add` throws). Below 1000 a constraint is optional, and priorities compare
// lexicographically: the solver first minimises the error of the highest optional priority in
// use, then, without making that worse, the next one, and so on down. So any number of
// priority-250 constraints lose to a single 251 (and to a 750), which is what UIKit promises
// ("higher priority constraints are satisfied before lower priority ones") and what a scheme of
// weights (strong = 10⁶·medium, …) only approximates: with weights, 10⁶ + 1 weak constraints
// beat one strong. Within one priority every constraint's error counts with weight 1: of two
// equal-priority constraints that disagree, the solver minimises the sum of their errors and
// so satisfies one of them (which is unspecified, as in UIKit).
//
// The cost: each distinct priority is one objective row (see Tableau.swift), so a pivot's work
// grows with the number of distinct priorities in use: a few in real layouts (250, 750, 999,
// an edit at 1..999), fine; a thousand distinct priorities would make each pivot slower by
// that factor but never wrong.

/// How the two sides of a constraint compare.
public enum LayoutRelation: Sendable, CustomStringConvertible {
    case lessThanOrEqual, equal, greaterThanOrEqual
    public var description: String {
        switch self {
        case .lessThanOrEqual: return "<="
        case .equal: return "=="
        case .greaterThanOrEqual: return ">="
        }
    }
}

/// UILayoutPriority's named values.
public enum LayoutPriority {
    public static let required = 1000.0
    public static let defaultHigh = 750.0
    public static let dragThatCanResizeScene = 510.0
    public static let defaultLow = 250.0
    public static let fittingSizeLevel = 50.0

    /// UIKit refuses priorities outside (0, 1000], and NaN.
    static func isValid(_ priority: Double) -> Bool { priority > 0 && priority <= required }
}

/// `lhs relation rhs` at a priority. The solver keeps `lhs - rhs` (relation) 0.
///
/// `@unchecked Sendable`: see LayoutVariable; the errors carry the constraint to name it.
public final class SolverConstraint: @unchecked Sendable {
    /// lhs - rhs, the side the solver keeps against 0.
    public internal(set) var expression: LinearExpression
    public let relation: LayoutRelation
    public let priority: Double

    public init(_ lhs: some LinearExpressible, _ relation: LayoutRelation, _ rhs: some LinearExpressible,
                priority: Double = LayoutPriority.required) {
        self.expression = lhs.linearExpression - rhs.linearExpression
        self.relation = relation
        self.priority = priority
    }

    public var isRequired: Bool { priority >= LayoutPriority.required }

    /// The constant as NSLayoutConstraint has it, on the right-hand side: 8 in `x == y + 8`
    /// (the expression kept is x - y - 8). `LayoutSolver.updateConstant(of:to:)` changes it.
    public var constant: Double { -expression.constant }
}

extension SolverConstraint: CustomStringConvertible {
    /// "x - y >= 8 @750": the variables on the left, the constant on the right.
    public var description: String {
        var lhs = expression
        lhs.constant = 0
        let text = "\(lhs) \(relation) \(LinearExpression(constant))"
        return isRequired ? text : text + " @\(LinearExpression(priority))"
    }
}

/// Why the solver refused a request. The solver is unchanged after any of these.
public enum LayoutSolverError: Error, CustomStringConvertible {
    /// A required constraint that cannot hold together with the required constraints already
    /// added (`conflicting`, found from the tableau; see `LayoutSolver.conflicts(with:)`), or a
    /// constant change that would make the required constraints contradict each other.
    case unsatisfiable(SolverConstraint, conflicting: [SolverConstraint])
    /// The constraint is already in this solver.
    case duplicate(SolverConstraint)
    /// The constraint is not in this solver.
    case unknown(SolverConstraint)
    /// A coefficient, constant or suggested value is NaN or infinite.
    case nonFinite(String)
    /// A priority outside (0, 1000], or required (1000) for an edit variable, which would make
    /// suggestValue a hard constraint that the next suggestion contradicts.
    case invalidPriority(Double)
    /// The variable is already an edit variable.
    case duplicateEditVariable(LayoutVariable)
    /// The variable is not an edit variable of this solver.
    case unknownEditVariable(LayoutVariable)
    /// A failure of the solver itself (an unbounded objective), reported rather than trapped on.
    case internalError(String)

    public var description: String {
        switch self {
        case .unsatisfiable(let constraint, let conflicting):
            let list = conflicting.isEmpty ? "" : "; it conflicts with: " + conflicting.map(\.description).joined(separator: ", ")
            return "unable to satisfy the required constraint \(constraint)\(list)"
        case .duplicate(let constraint): return "the constraint \(constraint) is already in the solver"
        case .unknown(let constraint): return "the constraint \(constraint) is not in the solver"
        case .nonFinite(let what): return "\(what) is not a finite number"
        case .invalidPriority(let priority):
            return "the priority \(priority) is not in (0, 1000] (edit variables: (0, 1000))"
        case .duplicateEditVariable(let variable): return "\(variable) is already an edit variable"
        case .unknownEditVariable(let variable): return "\(variable) is not an edit variable"
        case .internalError(let message): return "layout solver failure: \(message)"
        }
    }
}
