// The augmented simplex tableau of Cassowary (Badros, Borning, Stuckey, ACM TOCHI 2001, §3–4):
// every basic symbol has a row `basic = constant + Σ coefficient·parametric`, restricted
// symbols (slacks, errors, the artificial) are ≥ 0, and the tableau is kept in basic feasible
// solved form: each restricted row's constant is ≥ 0, so setting every parametric symbol to 0
// gives a solution whose values are the row constants.
//
// Sparse throughout, so no operation is quadratic in the system's size: a row holds only its
// non-zero coefficients, and a column index lists, for each symbol, the basic symbols whose
// rows contain it, so substituting a symbol touches only those rows rather than scanning the
// whole tableau (the cost that dominates in implementations without one). The index is a
// superset kept by appending: a term's insertion appends its row, a removal leaves a stale
// entry that readers skip (they check the row) and substitution clears; sets cost a hash per
// term on every row operation, which profiling showed was a quarter of a 1,000-constraint add.
//
// The objective is one row per optional priority in use, compared lexicographically (see
// SolverConstraint.swift for why). A pivot substitutes into every one of them.

/// What a symbol stands for, which decides what it may do in the simplex.
enum SymbolKind: UInt8 {
    /// A user variable: unrestricted in sign, never leaves the basis once in it.
    case external
    /// An inequality's slack (≥ 0); the marker of an inequality.
    case slack
    /// An optional constraint's error (≥ 0), costed in its priority's objective row.
    case error
    /// A required equality's marker: fixed at 0, never chosen to enter the basis.
    case dummy
    /// The artificial variable of the phase that adds a required constraint no other symbol
    /// can be solved for (≥ 0, driven to 0 or the constraint is unsatisfiable).
    case artificial

    var isRestricted: Bool { self != .external }
}

/// A linear combination of symbols plus a constant; as a tableau row, the basic symbol's value.
struct Row {
    var constant: Double
    var terms: [Int: Double]

    init(constant: Double = 0, terms: [Int: Double] = [:]) {
        self.constant = constant
        self.terms = terms
    }

    func coefficient(of symbol: Int) -> Double { terms[symbol] ?? 0 }

    /// self += factor·other, dropping coefficients that cancel to (near) zero so rows stay sparse
    /// and no later division is by a rounding residue. For rows outside the tableau (objectives,
    /// a row being built): tableau rows go through Tableau.addToRow, which keeps the column index.
    mutating func add(_ other: Row, times factor: Double) {
        constant += factor * other.constant
        if terms.isEmpty {
            // Copying the storage whole and scaling it skips a hash and a resize per term (a new
            // row often starts as a substituted basic row).
            terms = other.terms
            scale(by: factor)
            if abs(factor) < 1 { terms = terms.filter { abs($0.value) >= Tableau.epsilon } }
            return
        }
        terms.reserveCapacity(terms.count + other.terms.count)  // one resize, not one per doubling
        for (symbol, coefficient) in other.terms { add(coefficient * factor, to: symbol) }
    }

    /// Multiplies every coefficient in place. (`for i in terms.indices` would hold a second
    /// reference to the storage and make each write copy it.)
    private mutating func scale(by factor: Double) {
        var index = terms.startIndex
        while index != terms.endIndex {
            terms.values[index] *= factor
            terms.formIndex(after: &index)
        }
    }

    mutating func add(_ amount: Double, to symbol: Int) {
        let sum = (terms[symbol] ?? 0) + amount
        if abs(sum) < Tableau.epsilon { terms[symbol] = nil } else { terms[symbol] = sum }
    }

    mutating func negate() {
        constant = -constant
        scale(by: -1)
    }

    /// Rewrites `0 = self` (or, with `basic`, `basic = self`) as a row for `subject`, which must
    /// have a coefficient of magnitude ≥ epsilon (callers pick it so): no division by ~0.
    mutating func solve(for subject: Int, replacing basic: Int? = nil) {
        let coefficient = terms.removeValue(forKey: subject) ?? 1
        if let basic { terms[basic] = -1 }
        let factor = -1 / coefficient
        constant *= factor
        scale(by: factor)
    }
}

/// One objective row: the summed errors of the constraints at one priority (or, above all of
/// them at priority +∞, the artificial phase's or an ambiguity probe's objective).
struct ObjectiveLevel {
    var priority: Double
    var row: Row
}

struct Tableau {
    /// Coefficients and values nearer 0 than this are 0: layout numbers are points, and a
    /// millionth of a point is far below anything visible, far above Double's rounding on them.
    static let epsilon = 1e-8

    private(set) var kinds: [SymbolKind] = []
    /// Indexed by symbol: its row while basic.
    private(set) var rows: [Row?] = []
    /// Indexed by symbol: basic symbols whose rows may have a term in it (every one that does,
    /// possibly repeated, plus stale entries; see coefficient(in:of:)).
    private var columns: [[Int]] = []
    /// Highest priority first.
    private(set) var levels: [ObjectiveLevel] = []
    /// Restricted basic symbols whose row constant went negative (and dummies whose constant
    /// left 0), for the dual simplex.
    private var infeasible: [Int] = []
    /// Set when an objective row changed since the last optimisation, so adding a required
    /// constraint that does not touch the objective costs no optimisation pass.
    private var objectiveChanged = false
    /// While non-nil, every pivot is recorded so a failed attempt can be undone pivot by pivot
    /// (a pivot is inverted by pivoting back), leaving the tableau as it was without copying it.
    private var journal: [(entering: Int, leaving: Int)]?

    var symbolCount: Int { kinds.count }

    mutating func newSymbol(_ kind: SymbolKind) -> Int {
        kinds.append(kind)
        rows.append(nil)
        columns.append([])
        return kinds.count - 1
    }

    /// Forgets the symbols made since `count` (a refused constraint's): nothing refers to them.
    mutating func truncateSymbols(to count: Int) {
        guard count < kinds.count else { return }
        kinds.removeSubrange(count...)
        rows.removeSubrange(count...)
        columns.removeSubrange(count...)
    }

    func isBasic(_ symbol: Int) -> Bool { rows[symbol] != nil }

    /// `symbol`'s coefficient in the row of `basic`, nil when that row has no such term (or
    /// `basic` is not basic, or a forgotten symbol): how column entries are checked.
    func coefficient(in basic: Int, of symbol: Int) -> Double? {
        basic < rows.count ? rows[basic]?.terms[symbol] : nil
    }

    /// The basic symbols whose rows contain `symbol`, each once, in increasing order.
    func rowsContaining(_ symbol: Int) -> [Int] {
        Set(columns[symbol].filter { coefficient(in: $0, of: symbol) != nil }).sorted()
    }
    func row(of symbol: Int) -> Row? { rows[symbol] }
    /// A symbol's value in the current solution: its row's constant, or 0 when parametric.
    func value(of symbol: Int) -> Double { rows[symbol]?.constant ?? 0 }

    // MARK: Rows and the column index

    mutating func insertRow(_ row: Row, for basic: Int) {
        for symbol in row.terms.keys { columns[symbol].append(basic) }
        rows[basic] = row
        noteFeasibility(of: basic)
    }

    @discardableResult
    mutating func removeRow(of basic: Int) -> Row? {
        guard let row = rows[basic] else { return nil }
        rows[basic] = nil  // its column entries go stale
        return row
    }

    /// rows[basic] += factor·other, keeping the column index in step.
    private mutating func addToRow(of basic: Int, _ other: Row, times factor: Double) {
        guard var row = rows[basic] else { return }
        rows[basic] = nil  // so `row` is the only reference and mutates in place
        row.constant += factor * other.constant
        for (symbol, coefficient) in other.terms {
            let old = row.terms[symbol]
            let sum = (old ?? 0) + coefficient * factor
            if abs(sum) < Tableau.epsilon {
                if old != nil { row.terms[symbol] = nil }
            } else {
                row.terms[symbol] = sum
                if old == nil { columns[symbol].append(basic) }
            }
        }
        rows[basic] = row
    }

    private mutating func noteFeasibility(of basic: Int) {
        guard let constant = rows[basic]?.constant else { return }
        switch kinds[basic] {
        case .external: break
        case .dummy: if abs(constant) > Tableau.epsilon { infeasible.append(basic) }
        default: if constant < -Tableau.epsilon { infeasible.append(basic) }
        }
    }

    /// Replaces `symbol` by `row` wherever it occurs: in the rows of the column index's list and
    /// in the objective rows. `symbol` must not be basic.
    mutating func substitute(_ symbol: Int, with row: Row) {
        // Afterwards no row holds `symbol`: its list starts empty. A repeated entry finds the
        // term gone the second time.
        let owners = columns[symbol]
        columns[symbol] = []
        for basic in owners where basic < rows.count {
            guard var target = rows[basic] else { continue }
            rows[basic] = nil  // so `target` is the only reference and mutates in place
            let coefficient = target.terms.removeValue(forKey: symbol)
            rows[basic] = target
            guard let coefficient else { continue }
            addToRow(of: basic, row, times: coefficient)
            noteFeasibility(of: basic)
        }
        for index in levels.indices {
            guard let coefficient = levels[index].row.terms.removeValue(forKey: symbol) else { continue }
            levels[index].row.add(row, times: coefficient)
            objectiveChanged = true
        }
    }

    /// Makes `entering` basic in place of `leaving` (whose row must contain it).
    mutating func pivot(entering: Int, leaving: Int) {
        guard var row = removeRow(of: leaving), row.terms[entering] != nil else { return }
        row.solve(for: entering, replacing: leaving)
        substitute(entering, with: row)
        insertRow(row, for: entering)
        journal?.append((entering, leaving))
    }

    // MARK: The objective

    /// The index of the objective row for `priority`, made (in priority order) if missing.
    mutating func level(for priority: Double) -> Int {
        if let index = levels.firstIndex(where: { $0.priority == priority }) { return index }
        let index = levels.firstIndex(where: { $0.priority < priority }) ?? levels.count
        levels.insert(ObjectiveLevel(priority: priority, row: Row()), at: index)
        return index
    }

    /// Adds `amount`·symbol to the objective row at `index`, with `symbol` replaced by its row
    /// when basic (the objective is kept in terms of parametric symbols only).
    mutating func addCost(_ amount: Double, of symbol: Int, at index: Int) {
        if let row = rows[symbol] { levels[index].row.add(row, times: amount) } else { levels[index].row.add(amount, to: symbol) }
        objectiveChanged = true
    }

    /// A temporary objective above every priority (the artificial phase, an ambiguity probe).
    mutating func pushTopObjective(_ row: Row) {
        levels.insert(ObjectiveLevel(priority: .infinity, row: row), at: 0)
    }

    mutating func popTopObjective() -> Row {
        levels.removeFirst().row
    }

    /// Drops a parametric symbol fixed at 0 from every row (the artificial after its phase).
    mutating func eliminate(_ symbol: Int) {
        for basic in columns[symbol] where basic < rows.count {
            guard var row = rows[basic] else { continue }
            rows[basic] = nil
            row.terms[symbol] = nil
            rows[basic] = row
        }
        columns[symbol] = []
        for index in levels.indices { levels[index].row.terms[symbol] = nil }
    }

    /// Whether some objective row has a non-zero coefficient for `symbol`: moving it away from 0
    /// would change how well some priority is satisfied. Levels before `from` are not asked.
    func hasCost(_ symbol: Int, from first: Int = 0) -> Bool {
        var index = first
        while index < levels.count {
            if let coefficient = levels[index].row.terms[symbol], abs(coefficient) > Tableau.epsilon { return true }
            index += 1
        }
        return false
    }

    // MARK: Simplex

    /// `unbounded` also when the pivot budget ran out.
    enum Outcome { case optimal, unbounded }

    /// The primal simplex over the first `levelCount` objective rows, lexicographically: a
    /// symbol enters when it lowers some row without changing any row above it (so a higher
    /// priority is never traded for a lower). Among candidates the lowest symbol enters and
    /// ties in the ratio test go to the lowest row (Bland's rule), so degenerate pivots cannot
    /// cycle. With `onOptimalFace`, only symbols that cost nothing in the rows below the first
    /// may enter (an ambiguity probe moves along the optimal face, never off it).
    @discardableResult
    mutating func optimize(levelCount: Int? = nil, onOptimalFace: Bool = false) -> Outcome {
        let count = min(levelCount ?? levels.count, levels.count)
        if levelCount == nil && !objectiveChanged { return .optimal }
        // Bland's rule terminates; the cap turns a bug or a rounding-induced cycle into an error
        // the caller reports instead of a hang.
        var budget = 100 * (kinds.count + 10)
        while let entering = enteringSymbol(levelCount: count, onOptimalFace: onOptimalFace) {
            guard let leaving = leavingRow(for: entering), budget > 0 else { return .unbounded }
            pivot(entering: entering, leaving: leaving)
            budget -= 1
        }
        if levelCount == nil { objectiveChanged = false }
        return .optimal
    }

    private func enteringSymbol(levelCount: Int, onOptimalFace: Bool) -> Int? {
        for index in 0..<levelCount {
            var best: Int?
            for (symbol, coefficient) in levels[index].row.terms where coefficient < -Tableau.epsilon {
                guard kinds[symbol] != .dummy, best.map({ symbol < $0 }) ?? true,
                      !onOptimalFace || !hasCost(symbol, from: 1) else { continue }
                var higherCares = false
                for higher in 0..<index {
                    if let c = levels[higher].row.terms[symbol], abs(c) > Tableau.epsilon { higherCares = true; break }
                }
                if !higherCares { best = symbol }
            }
            if let best { return best }
        }
        return nil
    }

    /// The ratio test: of the restricted rows that `entering` decreases, the one that reaches 0
    /// first (it leaves, so every restricted row stays ≥ 0).
    private func leavingRow(for entering: Int) -> Int? {
        var best: Int?
        var bestRatio = Double.infinity
        for basic in columns[entering] where basic < rows.count && kinds[basic].isRestricted {
            guard let row = rows[basic], let coefficient = row.terms[entering], coefficient < -Tableau.epsilon else { continue }
            let ratio = max(0, row.constant) / -coefficient
            if ratio < bestRatio - Tableau.epsilon {
                best = basic
                bestRatio = ratio
            } else if ratio <= bestRatio + Tableau.epsilon, basic < (best ?? Int.max) {
                best = basic
                bestRatio = min(ratio, bestRatio)
            }
        }
        return best
    }

    /// The dual simplex (the paper's §4.3, re-optimisation after constants change): while some
    /// restricted row is negative, pivot it out for the parametric symbol that keeps the
    /// objective optimal. Returns the offending row when it has no such symbol: the required
    /// constraints no longer have a solution (optional ones can always give way).
    mutating func dualOptimize() -> Int? {
        while let leaving = infeasible.popLast() {
            guard let row = rows[leaving] else { continue }
            if kinds[leaving] == .dummy {
                if abs(row.constant) > Tableau.epsilon { infeasible.removeAll(); return leaving }
                continue
            }
            guard kinds[leaving].isRestricted, row.constant < -Tableau.epsilon else { continue }
            guard let entering = dualEnteringSymbol(for: row) else { infeasible.removeAll(); return leaving }
            pivot(entering: entering, leaving: leaving)
        }
        return nil
    }

    /// The symbol whose objective coefficients (a vector, highest priority first) divided by its
    /// coefficient in `row` are lexicographically smallest, among those that raise `row`.
    private func dualEnteringSymbol(for row: Row) -> Int? {
        var best: Int?
        var bestCoefficient = 0.0
        for (symbol, coefficient) in row.terms where coefficient > Tableau.epsilon && kinds[symbol] != .dummy {
            guard let current = best else { best = symbol; bestCoefficient = coefficient; continue }
            var decided = false
            for level in levels {
                let mine = level.row.coefficient(of: symbol) / coefficient
                let theirs = level.row.coefficient(of: current) / bestCoefficient
                if mine < theirs - Tableau.epsilon { best = symbol; bestCoefficient = coefficient; decided = true; break }
                if mine > theirs + Tableau.epsilon { decided = true; break }
            }
            if !decided && symbol < current { best = symbol; bestCoefficient = coefficient }
        }
        return best
    }

    // MARK: Changing a constant in place

    /// The constraint whose row had `marker` (with coefficient μ) had its constant changed by δ;
    /// with shift = δ/μ that is the substitution marker = marker' + shift everywhere (the
    /// paper's §4.2 for edit constants, applied to any constraint): each row containing the
    /// marker moves by coefficient·shift, or, when the marker is basic, its own row by -shift.
    /// Rows that go negative are queued for dualOptimize.
    mutating func shiftMarker(_ marker: Int, by shift: Double) {
        if rows[marker] != nil {
            rows[marker]?.constant -= shift
            noteFeasibility(of: marker)
            return
        }
        // The column list may repeat a row or hold stale entries: it is sorted and compacted in
        // place to the rows that hold the marker, each once (a repeat would shift its row
        // twice). Taken out of `columns` first so the sort does not copy it.
        var owners = columns[marker]
        columns[marker] = []
        owners.sort()
        var kept = 0, previous = -1
        for index in owners.indices {
            let basic = owners[index]
            guard basic != previous, basic < rows.count, let coefficient = rows[basic]?.terms[marker] else { continue }
            previous = basic
            owners[kept] = basic
            kept += 1
            rows[basic]!.constant += coefficient * shift
            noteFeasibility(of: basic)
        }
        owners.removeSubrange(kept...)
        columns[marker] = owners
        for index in levels.indices {
            if let coefficient = levels[index].row.terms[marker] { levels[index].row.constant += coefficient * shift }
        }
    }

    // MARK: Undo

    mutating func beginJournal() { journal = [] }

    /// Stops recording; with `undo`, pivots back through the recorded pivots, newest first.
    mutating func endJournal(undo: Bool) {
        guard let recorded = journal else { return }
        journal = nil
        guard undo else { return }
        for step in recorded.reversed() { pivot(entering: step.leaving, leaving: step.entering) }
        infeasible.removeAll()
    }

    mutating func clearInfeasible() { infeasible.removeAll() }

    mutating func removeAll() { self = Tableau() }
}
