// An incremental Cassowary solver: Badros, Borning and Stuckey, "The Cassowary Linear
// Arithmetic Constraint Solving Algorithm", ACM TOCHI 8(4), 2001. It is the engine for Auto
// Layout (NSLayoutConstraint). It is written here because no Debian package ships a C or C++
// Cassowary solver (kiwi, amoeba, …) for Transit to link, and TransitCore stays pure Swift.
//
// What it does, in the paper's terms:
// - add: the constraint becomes a row over the current parametric symbols (basic symbols
//   substituted out), with a slack for an inequality, errors for an optional constraint (costed
//   in the objective row of its priority) and a dummy marker for a required equality. It is
//   solved for an external symbol when it has one, else for a new slack or error it can be
//   solved for while staying feasible; else (a required constraint over restricted symbols
//   only) an artificial variable is minimised first, and the constraint is unsatisfiable unless
//   it reaches 0 (§4.1, "artificial variables"). Then the primal simplex re-optimises.
// - remove: the constraint's errors leave the objective, its marker is made basic if it was not
//   (by the ratio test that keeps the tableau feasible) and its row is dropped (§4.4).
// - updateConstant/suggestValue: the marker substitution of §4.2 shifts the constants of the
//   rows holding the marker; the dual simplex restores feasibility (§4.3). No row is rebuilt.
//
// A refused request leaves the solver as it was: the constraint's new symbols are forgotten and
// any pivots made while trying are undone (Tableau's journal), so nothing is copied to try.

/// The solver. Not thread-safe; one per layout engine.
public final class LayoutSolver {
    /// What the solver keeps per constraint to find its symbols again.
    private struct Tag {
        let constraint: SolverConstraint
        /// The slack, dummy or first error: the symbol whose row is dropped on removal.
        let marker: Int
        /// The other error of an optional constraint (the marker's pair), if any.
        let other: Int?
        /// The marker's coefficient in the constraint's row (before any sign reversal):
        /// a constant change δ is the substitution marker → marker + δ / this.
        let markerCoefficient: Double
        /// The constant of lhs - rhs as the tableau has it now.
        var constant: Double
    }

    private var tableau = Tableau()
    private var tags: [ObjectIdentifier: Tag] = [:]
    /// Marker symbol → constraint, to name the constraints a conflict involves.
    private var markerOwners: [Int: SolverConstraint] = [:]
    private var symbols: [ObjectIdentifier: Int] = [:]
    /// The external symbols and their variables, in the order they were made (also keeps the
    /// variables alive while the solver knows them): an array, so writing the solution is a
    /// walk with no hashing.
    private var externals: [(symbol: Int, variable: LayoutVariable)] = []
    private var edits: [ObjectIdentifier: SolverConstraint] = [:]

    public init() {}

    // MARK: Constraints

    public func contains(_ constraint: SolverConstraint) -> Bool { tags[ObjectIdentifier(constraint)] != nil }

    public var constraintCount: Int { tags.count }

    /// Adds `constraint`. Throws `.unsatisfiable` for a required constraint that contradicts
    /// the required constraints already added (which it names), and leaves the solver unchanged.
    public func add(_ constraint: SolverConstraint) throws {
        try validate(constraint)
        let firstNewSymbol = tableau.symbolCount
        var newVariables: [ObjectIdentifier] = []
        var (row, tag) = makeRow(for: constraint, newVariables: &newVariables)

        func refuse(_ conflicting: [Int]) -> LayoutSolverError {
            forget(firstNewSymbol, newVariables)
            return .unsatisfiable(constraint, conflicting: owners(of: conflicting, except: constraint))
        }

        if let subject = chooseSubject(row, tag) {
            row.solve(for: subject)
            tableau.substitute(subject, with: row)
            tableau.insertRow(row, for: subject)
        } else if row.terms.keys.allSatisfy({ tableau.kinds[$0] == .dummy }) {
            // The row is a combination of required equalities: consistent (then redundant) when
            // its constant is 0. The marker becomes basic at 0 so a later constant change that
            // breaks the redundancy shows as a non-zero dummy row (Tableau.dualOptimize).
            guard abs(row.constant) < Tableau.epsilon else { throw refuse(Array(row.terms.keys)) }
            row.solve(for: tag.marker)
            tableau.insertRow(row, for: tag.marker)
        } else if let conflicting = addWithArtificialVariable(row, keep: true) {
            throw refuse(conflicting)
        }

        tag.constant = constraint.expression.constant
        tags[ObjectIdentifier(constraint)] = tag
        markerOwners[tag.marker] = constraint
        try optimize()
    }

    /// The required constraints already added that `constraint` (required) contradicts; empty
    /// when it could be added. The solver is unchanged. UIKit's "Unable to simultaneously
    /// satisfy constraints" lists these. They are read from the artificial phase's objective at
    /// its optimum (a Farkas certificate: the constraints whose markers it holds are the ones
    /// combined to prove the artificial cannot reach 0), so the list can exceed a minimal
    /// conflicting set only when several proofs are equally short.
    public func conflicts(with constraint: SolverConstraint) -> [SolverConstraint] {
        guard !contains(constraint), constraint.isRequired, (try? validate(constraint)) != nil else { return [] }
        let firstNewSymbol = tableau.symbolCount
        var newVariables: [ObjectIdentifier] = []
        let (row, tag) = makeRow(for: constraint, newVariables: &newVariables)
        defer { forget(firstNewSymbol, newVariables) }
        if chooseSubject(row, tag) != nil { return [] }
        if row.terms.keys.allSatisfy({ tableau.kinds[$0] == .dummy }) {
            return abs(row.constant) < Tableau.epsilon ? [] : owners(of: Array(row.terms.keys), except: constraint)
        }
        return owners(of: addWithArtificialVariable(row, keep: false) ?? [], except: constraint)
    }

    public func remove(_ constraint: SolverConstraint) throws {
        guard let tag = tags.removeValue(forKey: ObjectIdentifier(constraint)) else { throw LayoutSolverError.unknown(constraint) }
        markerOwners[tag.marker] = nil
        if !constraint.isRequired {
            let level = tableau.level(for: constraint.priority)
            for error in [tag.marker, tag.other].compactMap({ $0 }) where tableau.kinds[error] == .error {
                tableau.addCost(-1, of: error, at: level)
            }
        }
        if tableau.isBasic(tag.marker) {
            tableau.removeRow(of: tag.marker)
        } else if let leaving = markerLeavingRow(tag.marker) {
            tableau.pivot(entering: tag.marker, leaving: leaving)
            tableau.removeRow(of: tag.marker)
        }
        try optimize()
    }

    /// Changes the constant of an added constraint (`SolverConstraint.constant`, the right-hand
    /// side's: 8 in x == y + 8) and re-solves incrementally: the constraint's marker substitution
    /// shifts the constants of the rows that hold the marker, and the dual simplex repairs the
    /// rows that went negative, starting from the current optimal basis. Throws `.unsatisfiable`
    /// (solver unchanged) when a required constraint's new constant contradicts the others.
    public func updateConstant(of constraint: SolverConstraint, to constant: Double) throws {
        guard var tag = tags[ObjectIdentifier(constraint)] else { throw LayoutSolverError.unknown(constraint) }
        guard constant.isFinite else { throw LayoutSolverError.nonFinite("the constant \(constant) for \(constraint)") }
        let newConstant = -constant
        let delta = newConstant - tag.constant
        guard delta != 0 else { return }
        let shift = delta / tag.markerCoefficient
        tableau.beginJournal()
        tableau.shiftMarker(tag.marker, by: shift)
        if let failed = tableau.dualOptimize() {
            // The row that could not be repaired proves the contradiction: the constraints whose
            // markers it holds (and its own) are the ones involved.
            let involved = (tableau.row(of: failed).map { Array($0.terms.keys) } ?? []) + [failed]
            let conflicting = owners(of: involved, except: constraint)
            tableau.endJournal(undo: true)
            tableau.shiftMarker(tag.marker, by: -shift)
            tableau.clearInfeasible()
            if constraint.isRequired { throw LayoutSolverError.unsatisfiable(constraint, conflicting: conflicting) }
            throw LayoutSolverError.internalError("the dual simplex found no entering symbol for an optional constraint")
        }
        tableau.endJournal(undo: false)
        tag.constant = newConstant
        tags[ObjectIdentifier(constraint)] = tag
        constraint.expression.constant = newConstant
    }

    /// Same as updateConstant(of:to:).
    public func setConstant(of constraint: SolverConstraint, to constant: Double) throws {
        try updateConstant(of: constraint, to: constant)
    }

    // MARK: Edit variables

    /// Makes `variable` draggable: an optional `variable == value` constraint at `priority`
    /// (below required), starting at the variable's current solved value so adding it moves
    /// nothing; suggestValue then changes that value.
    public func addEditVariable(_ variable: LayoutVariable, priority: Double) throws {
        let key = ObjectIdentifier(variable)
        guard edits[key] == nil else { throw LayoutSolverError.duplicateEditVariable(variable) }
        guard LayoutPriority.isValid(priority), priority < LayoutPriority.required else {
            throw LayoutSolverError.invalidPriority(priority)
        }
        let start = symbols[key].map { tableau.value(of: $0) } ?? variable.value
        let constraint = SolverConstraint(variable, .equal, start.isFinite ? start : 0, priority: priority)
        try add(constraint)
        edits[key] = constraint
    }

    public func removeEditVariable(_ variable: LayoutVariable) throws {
        guard let constraint = edits.removeValue(forKey: ObjectIdentifier(variable)) else {
            throw LayoutSolverError.unknownEditVariable(variable)
        }
        try remove(constraint)
    }

    public func hasEditVariable(_ variable: LayoutVariable) -> Bool { edits[ObjectIdentifier(variable)] != nil }

    /// Asks for `variable` (an edit variable) to be `value`, as strongly as its edit priority.
    public func suggestValue(_ variable: LayoutVariable, _ value: Double) throws {
        guard let constraint = edits[ObjectIdentifier(variable)] else { throw LayoutSolverError.unknownEditVariable(variable) }
        guard value.isFinite else { throw LayoutSolverError.nonFinite("the suggested value \(value) for \(variable)") }
        try updateConstant(of: constraint, to: value)
    }

    // MARK: Solution

    /// Writes the current solution into every variable the solver knows.
    public func updateVariables() {
        for external in externals { external.variable.value = tableau.value(of: external.symbol) }
    }

    /// updateVariables, telling `changed` each variable whose value it changed (a layout engine
    /// then touches only the items that moved).
    public func updateVariables(changed: (LayoutVariable) -> Void) {
        for external in externals {
            let value = tableau.value(of: external.symbol)
            if value != external.variable.value { external.variable.value = value; changed(external.variable) }
        }
    }

    /// The current solution for `variable` without writing it (0 for a variable not in any
    /// constraint, as for UIKit an unconstrained value).
    public func value(of variable: LayoutVariable) -> Double {
        symbols[ObjectIdentifier(variable)].map { tableau.value(of: $0) } ?? 0
    }

    /// Whether `variable`'s value is not determined: it could take another value with every
    /// required constraint still holding and every priority's error unchanged (UIKit's
    /// hasAmbiguousLayout). True for a variable in no constraint.
    ///
    /// From the optimal tableau: the variable's row (or the variable itself, when parametric)
    /// is a combination of parametric symbols. Those that cost something in some objective row,
    /// and dummies, are pinned at 0 on the optimal face; the rest are free directions. If some
    /// free symbol with a non-zero coefficient can move (an external one in no restricted row;
    /// a restricted one that no restricted row at 0 blocks), the variable is ambiguous. When
    /// every free direction is blocked by degenerate rows, a small LP settles it: minimise and
    /// maximise the variable over the optimal face (pivots undone after).
    public func isAmbiguous(_ variable: LayoutVariable) -> Bool {
        guard let symbol = symbols[ObjectIdentifier(variable)] else { return true }
        let directions: [(symbol: Int, coefficient: Double)]
        if let row = tableau.row(of: symbol) {
            directions = row.terms.filter { abs($0.value) > Tableau.epsilon && isFree($0.key) }.map { ($0.key, $0.value) }
        } else {
            directions = isFree(symbol) ? [(symbol, 1)] : []
        }
        if directions.isEmpty { return false }
        if directions.contains(where: { canMoveWithoutPivoting($0.symbol) }) { return true }
        return probeRange(of: symbol)
    }

    /// Forgets every constraint, edit variable and variable; variables keep their last values.
    public func reset() {
        tableau.removeAll()
        tags = [:]
        markerOwners = [:]
        symbols = [:]
        externals = []
        edits = [:]
    }

    // MARK: Building rows

    private func validate(_ constraint: SolverConstraint) throws {
        guard !contains(constraint) else { throw LayoutSolverError.duplicate(constraint) }
        guard LayoutPriority.isValid(constraint.priority) else { throw LayoutSolverError.invalidPriority(constraint.priority) }
        guard constraint.expression.isFinite else {
            throw LayoutSolverError.nonFinite("a coefficient or the constant of \(constraint)")
        }
    }

    private func symbol(for variable: LayoutVariable, newVariables: inout [ObjectIdentifier]) -> Int {
        let key = ObjectIdentifier(variable)
        if let symbol = symbols[key] { return symbol }
        let symbol = tableau.newSymbol(.external)
        symbols[key] = symbol
        externals.append((symbol, variable))
        newVariables.append(key)
        return symbol
    }

    /// Undoes makeRow's allocations for a constraint that was not added.
    private func forget(_ firstNewSymbol: Int, _ newVariables: [ObjectIdentifier]) {
        for key in newVariables { symbols[key] = nil }
        // The refused constraint's variables were the last made.
        while let last = externals.last, last.symbol >= firstNewSymbol { externals.removeLast() }
        tableau.truncateSymbols(to: firstNewSymbol)
    }

    /// The constraint's row over the current parametric symbols, with its slack, errors or
    /// dummy, and the constant made ≥ 0 (a basic restricted symbol must start feasible).
    private func makeRow(for constraint: SolverConstraint, newVariables: inout [ObjectIdentifier]) -> (Row, Tag) {
        let expression = constraint.expression
        var row = Row(constant: expression.constant)
        var terms = expression.terms.compactMap { term in
            abs(term.coefficient) > Tableau.epsilon ? (symbol: symbol(for: term.variable, newVariables: &newVariables), term.coefficient) : nil
        }
        // The longest substituted row first: Row.add copies it whole into the empty row, and the
        // rest merge into it (a chain's x_i = x_{i-1} + w_{i-1} + 8 holds one long row).
        if let longest = terms.indices.max(by: { (tableau.row(of: terms[$0].symbol)?.terms.count ?? 0) < (tableau.row(of: terms[$1].symbol)?.terms.count ?? 0) }),
           longest != 0 {
            terms.swapAt(0, longest)
        }
        for (symbol, coefficient) in terms {
            if let basic = tableau.row(of: symbol) { row.add(basic, times: coefficient) } else { row.add(coefficient, to: symbol) }
        }

        let marker: Int, other: Int?, markerCoefficient: Double
        switch constraint.relation {
        case .lessThanOrEqual, .greaterThanOrEqual:
            // expr + s = 0 for ≤ (expr = -s ≤ 0), expr - s = 0 for ≥; an optional one also has an
            // error on the other side, expr ≤ e, costed so the solver keeps it 0 when it can.
            markerCoefficient = constraint.relation == .lessThanOrEqual ? 1 : -1
            marker = tableau.newSymbol(.slack)
            row.add(markerCoefficient, to: marker)
            if constraint.isRequired {
                other = nil
            } else {
                let error = tableau.newSymbol(.error)
                row.add(-markerCoefficient, to: error)
                tableau.addCost(1, of: error, at: tableau.level(for: constraint.priority))
                other = error
            }
        case .equal where constraint.isRequired:
            markerCoefficient = 1
            marker = tableau.newSymbol(.dummy)
            row.add(1, to: marker)
            other = nil
        case .equal:
            // expr = e⁺ - e⁻, both costed: the error in either direction.
            markerCoefficient = -1
            marker = tableau.newSymbol(.error)
            let minus = tableau.newSymbol(.error)
            row.add(-1, to: marker)
            row.add(1, to: minus)
            let level = tableau.level(for: constraint.priority)
            tableau.addCost(1, of: marker, at: level)
            tableau.addCost(1, of: minus, at: level)
            other = minus
        }
        if row.constant < 0 { row.negate() }
        return (row, Tag(constraint: constraint, marker: marker, other: other,
                         markerCoefficient: markerCoefficient, constant: expression.constant))
    }

    /// The symbol to make basic for a new row: an external one (the lowest, for repeatable
    /// pivots), else the new slack or error if its coefficient is negative (then solving for it
    /// gives a row with constant ≥ 0, feasible); nil when neither exists.
    private func chooseSubject(_ row: Row, _ tag: Tag) -> Int? {
        var external: Int?
        for symbol in row.terms.keys where tableau.kinds[symbol] == .external && symbol < (external ?? Int.max) { external = symbol }
        if let external { return external }
        for candidate in [tag.marker, tag.other].compactMap({ $0 }) {
            let kind = tableau.kinds[candidate]
            if (kind == .slack || kind == .error) && row.coefficient(of: candidate) < 0 { return candidate }
        }
        return nil
    }

    /// The artificial phase: a = row, minimised. Returns nil when a reaches 0 (the row is then
    /// in the tableau if `keep`), or the symbols of the artificial objective at its optimum
    /// (whose owners are the conflicting constraints) with every pivot undone.
    private func addWithArtificialVariable(_ row: Row, keep: Bool) -> [Int]? {
        let artificial = tableau.newSymbol(.artificial)
        tableau.insertRow(row, for: artificial)
        tableau.pushTopObjective(row)
        tableau.beginJournal()
        let outcome = tableau.optimize(levelCount: 1)
        let reached = tableau.levels[0].row
        let satisfiable = outcome == .optimal && reached.constant < Tableau.epsilon
        if !satisfiable || !keep {
            tableau.endJournal(undo: true)
            tableau.removeRow(of: artificial)
            _ = tableau.popTopObjective()
            return satisfiable ? nil : Array(reached.terms.keys)
        }
        tableau.endJournal(undo: false)
        // Still basic means basic at 0 (degenerate): swap it for any symbol of its row, a slack
        // or error rather than a dummy, so it can be dropped as a parametric symbol at 0.
        if let remaining = tableau.row(of: artificial) {
            let candidates = remaining.terms.keys.sorted()
            if let entering = candidates.first(where: { [.slack, .error].contains(tableau.kinds[$0]) }) ?? candidates.first {
                tableau.pivot(entering: entering, leaving: artificial)
            } else {
                tableau.removeRow(of: artificial)
            }
        }
        _ = tableau.popTopObjective()
        tableau.eliminate(artificial)
        return nil
    }

    /// The row to pivot a non-basic marker into before dropping it: among restricted rows, the
    /// one the ratio test picks (so the others stay feasible), else any row holding it.
    private func markerLeavingRow(_ marker: Int) -> Int? {
        var decreasing: (basic: Int, ratio: Double)?
        var increasing: (basic: Int, ratio: Double)?
        var external: Int?
        for basic in tableau.rowsContaining(marker) {
            guard let row = tableau.row(of: basic), let coefficient = row.terms[marker] else { continue }
            if tableau.kinds[basic] == .external {
                if external == nil { external = basic }
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if ratio < (decreasing?.ratio ?? .infinity) { decreasing = (basic, ratio) }
            } else {
                let ratio = row.constant / coefficient
                if ratio < (increasing?.ratio ?? .infinity) { increasing = (basic, ratio) }
            }
        }
        return decreasing?.basic ?? increasing?.basic ?? external
    }

    private func optimize() throws {
        if tableau.optimize() == .unbounded {
            throw LayoutSolverError.internalError("the objective is unbounded or the simplex did not converge")
        }
    }

    private func owners(of symbols: [Int], except constraint: SolverConstraint) -> [SolverConstraint] {
        var seen = Set<ObjectIdentifier>()
        return symbols.sorted().compactMap { symbol in
            guard let owner = markerOwners[symbol], owner !== constraint, owner.isRequired,
                  seen.insert(ObjectIdentifier(owner)).inserted else { return nil }
            return owner
        }
    }

    // MARK: Ambiguity

    /// A parametric symbol the optimum leaves free to move: not a dummy, no cost in any priority.
    private func isFree(_ symbol: Int) -> Bool {
        !tableau.isBasic(symbol) && tableau.kinds[symbol] != .dummy && !tableau.hasCost(symbol)
    }

    /// Whether a free parametric symbol can move some distance with no pivot: no restricted row
    /// at 0 would go negative (an external symbol may move either way).
    private func canMoveWithoutPivoting(_ symbol: Int) -> Bool {
        var upBlocked = false, downBlocked = tableau.kinds[symbol] != .external
        for basic in tableau.rowsContaining(symbol) where tableau.kinds[basic].isRestricted {
            guard let row = tableau.row(of: basic), let coefficient = row.terms[symbol],
                  row.constant <= Tableau.epsilon else { continue }
            if coefficient < 0 { upBlocked = true } else { downBlocked = true }
            if tableau.kinds[basic] == .dummy { upBlocked = true; downBlocked = true }
        }
        return !upBlocked || !downBlocked
    }

    /// Minimises and maximises the variable's symbol over the optimal face (free symbols only
    /// may enter); ambiguous when either moves it or is unbounded.
    private func probeRange(of symbol: Int) -> Bool {
        for sign in [1.0, -1.0] {
            var objective = Row()
            if let row = tableau.row(of: symbol) { objective.add(row, times: sign) } else { objective.add(sign, to: symbol) }
            let start = objective.constant
            tableau.pushTopObjective(objective)
            tableau.beginJournal()
            let outcome = tableau.optimize(levelCount: 1, onOptimalFace: true)
            let moved = start - tableau.levels[0].row.constant > 1e-7
            tableau.endJournal(undo: true)
            _ = tableau.popTopObjective()
            if outcome == .unbounded || moved { return true }
        }
        return false
    }
}
