// The values a LayoutSolver works on: variables (a view's x, y, width, height) and linear
// expressions over them (Σ coefficient·variable + constant). Terms keep the order they were
// written in, so a solver given the same constraints makes the same pivots on every run
// (a dictionary keyed by object identity would iterate in a per-process random order).

/// One unknown of a layout system. The solver writes its solution into `value` in
/// `LayoutSolver.updateVariables()`; identity (not the name) tells two variables apart.
///
/// `@unchecked Sendable`: Transit's model runs on one thread; the conformance only lets a
/// `LayoutSolverError` (errors are Sendable) name the constraint, and so its variables.
public final class LayoutVariable: @unchecked Sendable {
    /// For messages ("view1.width"); need not be unique.
    public let name: String
    public internal(set) var value: Double = 0
    /// Free for the solver's user (as kiwi's Variable context): a layout engine keeps the index
    /// of the item that owns the variable here, so telling which items a solve moved needs no
    /// lookup by identity. The solver never reads it.
    public var tag: Int = -1

    public init(_ name: String = "") { self.name = name }
}

extension LayoutVariable: Hashable, CustomStringConvertible {
    public static func == (lhs: LayoutVariable, rhs: LayoutVariable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    public var description: String { name.isEmpty ? "variable" : name }
}

/// Σ coefficient·variable + constant. A variable may be listed more than once (x + x); the
/// solver adds such terms up, and `coefficient(of:)` reports the sum.
public struct LinearExpression {
    public struct Term {
        public var variable: LayoutVariable
        public var coefficient: Double
        public init(_ variable: LayoutVariable, _ coefficient: Double = 1) {
            self.variable = variable
            self.coefficient = coefficient
        }
    }

    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [Term] = [], constant: Double = 0) {
        self.terms = terms
        self.constant = constant
    }

    public init(_ variable: LayoutVariable) { self.init([Term(variable)]) }
    public init(_ constant: Double) { self.init([], constant: constant) }

    /// The summed coefficient of `variable` (0 when it does not occur).
    public func coefficient(of variable: LayoutVariable) -> Double {
        terms.reduce(0) { $1.variable === variable ? $0 + $1.coefficient : $0 }
    }

    /// Whether every coefficient and the constant are finite numbers (the solver refuses others).
    public var isFinite: Bool { constant.isFinite && terms.allSatisfy { $0.coefficient.isFinite } }

    func scaled(by factor: Double) -> LinearExpression {
        LinearExpression(terms.map { Term($0.variable, $0.coefficient * factor) }, constant: constant * factor)
    }
}

extension LinearExpression: CustomStringConvertible {
    public var description: String {
        var parts: [String] = []
        for term in terms {
            let magnitude = abs(term.coefficient)
            let body = magnitude == 1 ? term.variable.description : "\(formatCoefficient(magnitude))·\(term.variable)"
            parts.append(parts.isEmpty ? (term.coefficient < 0 ? "-" + body : body) : (term.coefficient < 0 ? "- " : "+ ") + body)
        }
        if constant != 0 || parts.isEmpty {
            let text = formatCoefficient(abs(constant))
            parts.append(parts.isEmpty ? (constant < 0 ? "-" + text : text) : (constant < 0 ? "- " : "+ ") + text)
        }
        return parts.joined(separator: " ")
    }
}

/// 8 rather than 8.0 in messages; other values as Swift prints them.
private func formatCoefficient(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// What can stand on either side of a constraint: an expression, a variable or a number.
public protocol LinearExpressible {
    var linearExpression: LinearExpression { get }
}

extension LinearExpression: LinearExpressible { public var linearExpression: LinearExpression { self } }
extension LayoutVariable: LinearExpressible { public var linearExpression: LinearExpression { LinearExpression(self) } }
extension Double: LinearExpressible { public var linearExpression: LinearExpression { LinearExpression(self) } }
extension Int: LinearExpressible { public var linearExpression: LinearExpression { LinearExpression(Double(self)) } }

// Arithmetic. Only the combinations that stay linear exist: a product of two variables
// does not type-check rather than failing at run time.
extension LinearExpression {
    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        LinearExpression(lhs.terms + rhs.terms, constant: lhs.constant + rhs.constant)
    }
    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs.scaled(by: -1) }
    public static prefix func - (operand: LinearExpression) -> LinearExpression { operand.scaled(by: -1) }
    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: rhs) }
    public static func * (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs.scaled(by: lhs) }
    /// Division by a constant; dividing by 0 gives non-finite coefficients, which `add` refuses.
    public static func / (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs.scaled(by: 1 / rhs) }

    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        LinearExpression(lhs.terms, constant: lhs.constant + rhs)
    }
    public static func - (lhs: LinearExpression, rhs: Double) -> LinearExpression { lhs + -rhs }
    public static func + (lhs: Double, rhs: LinearExpression) -> LinearExpression { rhs + lhs }
    public static func - (lhs: Double, rhs: LinearExpression) -> LinearExpression { -rhs + lhs }

    public static func + (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs + LinearExpression(rhs) }
    public static func - (lhs: LinearExpression, rhs: LayoutVariable) -> LinearExpression { lhs - LinearExpression(rhs) }
    public static func + (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) + rhs }
    public static func - (lhs: LayoutVariable, rhs: LinearExpression) -> LinearExpression { LinearExpression(lhs) - rhs }

    public static func += (lhs: inout LinearExpression, rhs: LinearExpression) {
        lhs.terms += rhs.terms
        lhs.constant += rhs.constant
    }
    public static func -= (lhs: inout LinearExpression, rhs: LinearExpression) { lhs += rhs.scaled(by: -1) }
}

extension LayoutVariable {
    public static func + (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { LinearExpression(lhs) + LinearExpression(rhs) }
    public static func - (lhs: LayoutVariable, rhs: LayoutVariable) -> LinearExpression { LinearExpression(lhs) - LinearExpression(rhs) }
    public static func + (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) + rhs }
    public static func - (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) - rhs }
    public static func + (lhs: Double, rhs: LayoutVariable) -> LinearExpression { lhs + LinearExpression(rhs) }
    public static func - (lhs: Double, rhs: LayoutVariable) -> LinearExpression { lhs - LinearExpression(rhs) }
    public static func * (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression([.init(lhs, rhs)]) }
    public static func * (lhs: Double, rhs: LayoutVariable) -> LinearExpression { LinearExpression([.init(rhs, lhs)]) }
    public static func / (lhs: LayoutVariable, rhs: Double) -> LinearExpression { LinearExpression(lhs) / rhs }
    public static prefix func - (operand: LayoutVariable) -> LinearExpression { LinearExpression([.init(operand, -1)]) }
}
