// The world's Auto Layout engine: active NSLayoutConstraints as rows of one incremental
// Cassowary solver (Layout/Cassowary), and the frames the solution gives, applied by layout.
//
// Each item in a constraint, and every ancestor of one up to the root of its hierarchy, has
// four variables: left, top, width and height in the root's coordinates (transforms and bounds
// origins aside, as UIKit's alignment rects are). What ties them to the model:
// - a view that translates its autoresizing mask into constraints (every view, until a script
//   sets translatesAutoresizingMaskIntoConstraints = false) is held where its frame is, as
//   UIKit's NSAutoresizingMaskLayoutConstraints hold it; the root is held at its place;
// - a view that does not, with an intrinsic content size (a label's text, an image view's
//   image), hugs it and resists compression at its priorities (NSContentSizeLayoutConstraint);
// - safeAreaLayoutGuide and layoutMarginsGuide follow their view's insets.
// Those constraints are refreshed at each layout pass (the frames and insets they copy change
// as the model does); then the solution's frames are set in the superview's layoutSubviews,
// so a layoutIfNeeded() inside an animation block animates every frame the change moved.

/// The solver's variables of one item.
final class LayoutVariables {
    let left, top, width, height: LayoutVariable
    init(_ name: String) {
        left = LayoutVariable(name + ".left")
        top = LayoutVariable(name + ".top")
        width = LayoutVariable(name + ".width")
        height = LayoutVariable(name + ".height")
    }
    var all: [LayoutVariable] { [left, top, width, height] }
}

public final class LayoutEngine {
    unowned let world: World
    let solver = LayoutSolver()
    /// The items that have variables, by identity (views and guides), weakly.
    private var participants: [ObjectIdentifier: Participant] = [:]
    /// Active script constraints and the solver row each one is.
    private var rows: [ObjectIdentifier: SolverConstraint] = [:]
    private var active: [ObjectIdentifier: LayoutConstraint] = [:]
    /// Something changed since the last solve (a constraint, a frame it copies, an intrinsic size).
    private(set) var needsSolve = false
    /// Every participant's model rows must be looked at (a view changed superview, started or
    /// stopped translating its mask, or its intrinsic size changed); otherwise only the ones
    /// that copy values a script can change without telling: frames and system guides.
    private var needsFullRefresh = true
    /// The participants whose rows copy a frame or a guide's insets (looked at every solve).
    private var watched: [ObjectIdentifier: Participant] = [:]
    /// Which participant a variable belongs to, by the index in its `tag` (to tell which items
    /// a solve moved without hashing); freed slots are reused.
    private var slots: [Participant?] = []
    private var freeSlots: [Int] = []
    /// The solve's count, stamped on a participant it moved (so each is listed once).
    private var solveStamp = 0
    /// The participants the last solve moved (kept, so a solve allocates nothing once warm).
    private var moved: [Participant] = []
    /// The warnings the engine printed (UIKit's "Unable to simultaneously satisfy constraints").
    public private(set) var warnings: [String] = []

    init(world: World) { self.world = world }

    /// One item with variables, and the constraints the engine keeps for it.
    final class Participant {
        weak var item: (any LayoutItem)?
        let variables: LayoutVariables
        let isView: Bool
        /// Its index in the engine's slots (every variable's tag).
        var slot = -1
        /// The last solve that moved it, and the last that asked its view to lay out.
        var movedStamp = 0, layoutStamp = 0
        /// The superview (or owning view) its position constraints relate to, and those rows.
        weak var anchoredTo: View?
        /// That view's participant: a solved frame is read through it with no lookup.
        var parent: Participant?
        var anchorRows: [SolverConstraint] = []
        var anchorConstants: [Double] = []
        var anchorKind: Anchoring?
        /// Its intrinsic-size rows and the size and priorities they were made for.
        var intrinsicRows: [SolverConstraint] = []
        var intrinsicKey: IntrinsicKey?
        init(item: any LayoutItem, variables: LayoutVariables) {
            self.item = item
            self.variables = variables
            isView = item is View
        }
    }

    public var activeConstraintCount: Int { active.count }

    /// What holds a participant in place besides the script's constraints.
    enum Anchoring {
        /// A view that translates its mask: at its frame in its superview.
        case frame
        /// The root of a hierarchy that translates its mask: at its place and size.
        case root
        /// The root of a hierarchy placed by constraints: at its place only.
        case rootPosition
        /// safeAreaLayoutGuide or layoutMarginsGuide: at its view's insets.
        case systemGuide
        /// A view placed by constraints, or a guide the script made: nothing.
        case none

        /// Whether what it copies can change without the engine being told (a frame a script
        /// sets, the safe area moving): looked at every solve.
        var copiesModel: Bool { self != .none }
    }

    /// What a view's content-size rows were made for (compared at every solve, so not an array).
    struct IntrinsicKey: Equatable {
        var size: Size
        var hugging: (Double, Double)
        var resistance: (Double, Double)
        static func == (a: IntrinsicKey, b: IntrinsicKey) -> Bool {
            a.size == b.size && a.hugging == b.hugging && a.resistance == b.resistance
        }
    }

    // MARK: - Constraints

    func activate(_ constraint: LayoutConstraint) throws {
        guard let ancestor = constraint.commonAncestor else { throw LayoutConstraintError.noCommonAncestor(constraint.traceName) }
        guard let first = constraint.firstItem else { return }
        let a = participant(for: first)
        let b = constraint.secondItem.map { participant(for: $0) }
        // The rows that hold an item where it is must describe its hierarchy now, before this
        // row joins them: a view given constraints as the root of its own hierarchy and then
        // added to a superview still had the root's pin, and the new constraint to its
        // superview conflicted with it (the pass that replaces the pin runs only at the solve).
        prepareForActivation(a, first)
        if let b, let second = constraint.secondItem { prepareForActivation(b, second) }
        let lhs = expression(constraint.firstAttribute, of: a.variables)
        var rhs = LinearExpression(constraint.constant)
        if let b { rhs = rhs + expression(constraint.secondAttribute, of: b.variables) * constraint.multiplier }
        let row = SolverConstraint(lhs, Self.relation(constraint.relation), rhs, priority: constraint.priority)
        constraint.brokenAtPriority = nil
        do {
            try solver.add(row)
            rows[ObjectIdentifier(constraint)] = row
        } catch LayoutSolverError.unsatisfiable(_, let conflicting) {
            // UIKit logs the conflict and "recovers by breaking" a constraint; Transit breaks the
            // one being added (docs/semantics.md, "Unsatisfiable constraints"): it stays active,
            // held at priority 999, the strongest a constraint can be without being required.
            let broken = SolverConstraint(lhs, Self.relation(constraint.relation), rhs, priority: 999)
            try solver.add(broken)
            rows[ObjectIdentifier(constraint)] = broken
            constraint.brokenAtPriority = 999
            report(unsatisfiable: constraint, conflicting: conflicting)
        }
        active[ObjectIdentifier(constraint)] = constraint
        constraint.installedOn = ancestor
        ancestor.installedConstraints.append(constraint)
        changed(first, constraint.secondItem)
    }

    func deactivate(_ constraint: LayoutConstraint) {
        let id = ObjectIdentifier(constraint)
        if let row = rows.removeValue(forKey: id) { try? solver.remove(row) }
        active[id] = nil
        constraint.installedOn?.installedConstraints.removeAll { $0 === constraint }
        constraint.installedOn = nil
        constraint.brokenAtPriority = nil
        changed(constraint.firstItem, constraint.secondItem)
    }

    func constantChanged(_ constraint: LayoutConstraint) {
        guard let row = rows[ObjectIdentifier(constraint)] else { return }
        do {
            try solver.updateConstant(of: row, to: constraint.constant)
        } catch LayoutSolverError.unsatisfiable(_, let conflicting) {
            // The new constant contradicts other required constraints: held as broken.
            try? solver.remove(row)
            rows[ObjectIdentifier(constraint)] = nil
            active[ObjectIdentifier(constraint)] = nil
            constraint.installedOn?.installedConstraints.removeAll { $0 === constraint }
            constraint.installedOn = nil
            try? activate(constraint)
            if constraint.brokenAtPriority == nil { report(unsatisfiable: constraint, conflicting: conflicting) }
        } catch {
            return
        }
        changed(constraint.firstItem, constraint.secondItem)
    }

    func priorityChanged(_ constraint: LayoutConstraint) {
        // Optional to optional: the row's weight is part of the objective, so it is made anew.
        deactivate(constraint)
        try? activate(constraint)
    }

    /// The conflict, in UIKit's words and shape (without addresses: runs stay byte-identical).
    private func report(unsatisfiable constraint: LayoutConstraint, conflicting: [SolverConstraint]) {
        let owners = conflicting.compactMap { row in active.first { rows[$0.key] === row }?.value.traceName ?? anchorDescription(of: row) }
        let list = (owners + [constraint.traceName]).map { "    \"<\($0)>\"" }.joined(separator: ",\n")
        let message = """
            [LayoutConstraints] Unable to simultaneously satisfy constraints.
            \tProbably at least one of the constraints in the following list is one you don't want.
            \tTry this:
            \t\t(1) look at each constraint and try to figure out which you don't expect;
            \t\t(2) find the code that added the unwanted constraint or constraints and fix it.
            (
            \(list)
            )

            Will attempt to recover by breaking constraint
            <\(constraint.traceName)>
            """
        warnings.append(message)
        world.trace.note(time: world.now, turn: world.turn, "warning: Unable to simultaneously satisfy constraints; breaking \(constraint.traceName)")
        world.warningHandler?(message)
    }

    private func anchorDescription(of row: SolverConstraint) -> String? {
        for participant in participants.values where participant.anchorRows.contains(where: { $0 === row }) {
            guard let item = participant.item else { continue }
            switch participant.anchorKind {
            case .frame?: return "NSAutoresizingMaskLayoutConstraint \(item.traceName) (its frame, translatesAutoresizingMaskIntoConstraints = true)"
            case .root?, .rootPosition?: return "NSAutoresizingMaskLayoutConstraint \(item.traceName) (the root of its hierarchy, at its place)"
            default: return "\(item.traceName) (a system guide)"
            }
        }
        for participant in participants.values where participant.intrinsicRows.contains(where: { $0 === row }) {
            if let item = participant.item { return "NSContentSizeLayoutConstraint \(item.traceName) (its intrinsic content size)" }
        }
        return nil
    }

    // MARK: - Items

    private func participant(for item: any LayoutItem) -> Participant {
        let id = ObjectIdentifier(item)
        if let existing = participants[id] {
            if existing.item != nil { return existing }
            // A released item's identity reused by a new one: the old rows go first.
            purge(existing, id)
        }
        // Its ancestors take part too (positions are relative to theirs), and first: the rows
        // that hold a view where it is go in before the constraints that use its variables, so
        // the solver substitutes a known value instead of rewriting every row that holds it.
        if let view = item as? View, let superview = view.superview { _ = participant(for: superview) }
        if let guide = item as? LayoutGuide, let owner = guide.owningView { _ = participant(for: owner) }
        let made = Participant(item: item, variables: LayoutVariables(item.traceName))
        participants[id] = made
        if let free = freeSlots.popLast() { made.slot = free; slots[free] = made } else { made.slot = slots.count; slots.append(made) }
        for variable in made.variables.all { variable.tag = made.slot }
        _ = refreshAnchor(made, item)
        needsSolve = true
        needsFullRefresh = true
        return made
    }

    /// A constraint relating `first` and `second` changed. (Two arguments, not an array: this
    /// runs once per activation, and an array of existentials is an allocation.)
    private func changed(_ first: (any LayoutItem)?, _ second: (any LayoutItem)?) {
        needsSolve = true
        // The frames move at the next layout pass of the views that hold them.
        func holder(_ item: any LayoutItem) -> View? { (item as? View)?.superview ?? (item as? View) ?? item.layoutOwner }
        if let first { holder(first)?.setNeedsLayout() }
        if let second { holder(second)?.setNeedsLayout() }
    }

    /// The active constraints that relate `item`.
    func constraints(involving item: any LayoutItem) -> [LayoutConstraint] {
        active.values.filter { $0.firstItem === item || $0.secondItem === item }
    }

    /// Something a constraint copies changed (a hierarchy, a view's mask switch, an intrinsic size).
    func modelChanged() { needsSolve = true; needsFullRefresh = true }

    /// The variables of `item`, if it takes part in layout.
    func variables(of item: any LayoutItem) -> LayoutVariables? {
        participants[ObjectIdentifier(item)].flatMap { $0.item == nil ? nil : $0.variables }
    }

    func expression(_ attribute: LayoutAttribute, of v: LayoutVariables) -> LinearExpression {
        switch attribute {
        case .left, .leading: return LinearExpression(v.left)
        case .right, .trailing: return v.left + v.width
        case .top: return LinearExpression(v.top)
        case .bottom: return v.top + v.height
        case .width: return LinearExpression(v.width)
        case .height: return LinearExpression(v.height)
        case .centerX: return v.left + LinearExpression(v.width) * 0.5
        case .centerY: return v.top + LinearExpression(v.height) * 0.5
        case .notAnAttribute: return LinearExpression(0)
        }
    }

    static func relation(_ relation: LayoutConstraintRelation) -> LayoutRelation {
        switch relation {
        case .lessThanOrEqual: return .lessThanOrEqual
        case .equal: return .equal
        case .greaterThanOrEqual: return .greaterThanOrEqual
        }
    }

    // MARK: - Solving

    /// Refreshes the constraints that copy the model, solves, and asks for layout where a frame
    /// moved. Cheap when nothing changed.
    public func solveIfNeeded() {
        guard !participants.isEmpty else { return }
        let refreshed = refreshModelConstraints()
        guard needsSolve || refreshed else { return }
        needsSolve = false
        solveStamp &+= 1
        let stamp = solveStamp
        // Only the items whose variables the solve changed can have moved. Found by the slot
        // in each variable's tag, and each listed once by its stamp: no hashing per variable.
        moved.removeAll(keepingCapacity: true)
        solver.updateVariables { variable in
            guard variable.tag >= 0, variable.tag < slots.count, let owner = slots[variable.tag], owner.movedStamp != stamp else { return }
            owner.movedStamp = stamp
            moved.append(owner)
        }
        for participant in moved { askForLayoutIfMoved(participant, stamp: stamp) }
        // A view laid out before its constraints existed may never have been told: the views
        // that constraints place and whose frames are not yet the solution, once, after a full
        // refresh.
        if justRefreshedAll {
            justRefreshedAll = false
            for participant in participants.values where participant.movedStamp != stamp {
                askForLayoutIfMoved(participant, stamp: stamp)
            }
        }
    }

    /// Asks the superview of a view placed by constraints to lay out if the solution moved the
    /// view's frame. Its siblings share that superview: once one has asked, the rest need not
    /// look (most of a solve's moved views are siblings, and reading a view is a weak load).
    private func askForLayoutIfMoved(_ participant: Participant, stamp: Int) {
        guard participant.isView, participant.anchorKind == Anchoring.none else { return }
        if let parent = participant.parent, parent.layoutStamp == stamp { return }
        guard let view = participant.item as? View, !view.translatesAutoresizingMaskIntoConstraints,
              let frame = solvedFrame(of: participant), frame != view.frame else { return }
        if let parent = participant.parent { parent.layoutStamp = stamp }
        (view.superview ?? view).setNeedsLayout()
    }

    /// solvedFrame(of:) for a participant, read through its parent's variables.
    private func solvedFrame(of participant: Participant) -> Rect? {
        let v = participant.variables
        var x = v.left.value, y = v.top.value
        if let s = participant.parent?.variables { x -= s.left.value; y -= s.top.value }
        let frame = Rect(x: x, y: y, width: max(0, v.width.value), height: max(0, v.height.value))
        return frame.isFinite ? frame : nil
    }

    private var justRefreshedAll = false

    /// The frame the solution gives `view` in its superview's coordinates.
    func solvedFrame(of view: View) -> Rect? {
        guard let v = variables(of: view) else { return nil }
        var x = v.left.value, y = v.top.value
        if let superview = view.superview, let s = variables(of: superview) { x -= s.left.value; y -= s.top.value }
        let frame = Rect(x: x, y: y, width: max(0, v.width.value), height: max(0, v.height.value))
        return frame.isFinite ? frame : nil
    }

    /// The layout frame of a guide the script made (in its owning view's coordinates).
    func solvedFrame(of guide: LayoutGuide) -> Rect? {
        guard let v = variables(of: guide), let owner = guide.owningView, let o = variables(of: owner) else { return nil }
        solveIfNeeded()
        return Rect(x: v.left.value - o.left.value, y: v.top.value - o.top.value, width: max(0, v.width.value), height: max(0, v.height.value))
    }

    /// The views placed by constraints whose frames the constraints do not fix.
    func ambiguousViews() -> [View] {
        solveIfNeeded()
        return participants.values.compactMap { $0.item as? View }
            .filter { !$0.translatesAutoresizingMaskIntoConstraints && isSolvedAmbiguous($0) }
            .sorted { $0.traceName < $1.traceName }
    }

    /// Which of a view's horizontal position, width, vertical position and height are free.
    func ambiguousAttributes(of view: View) -> [String] {
        guard let v = variables(of: view) else { return [] }
        return zip(["horizontal position", "vertical position", "width", "height"], [v.left, v.top, v.width, v.height])
            .filter { solver.isAmbiguous($0.1) }.map(\.0)
    }

    /// Whether the view's frame is not fixed by its constraints (UIView.hasAmbiguousLayout).
    public func isAmbiguous(_ view: View) -> Bool {
        solveIfNeeded()
        return isSolvedAmbiguous(view)
    }

    /// isAmbiguous, on the solution as it stands.
    private func isSolvedAmbiguous(_ view: View) -> Bool {
        guard let v = variables(of: view) else { return false }
        return v.all.contains { solver.isAmbiguous($0) }
    }

    /// Keeps the constraints that copy the model in step with it; true if any changed. All
    /// participants after something structural changed, else only the watched ones.
    private func refreshModelConstraints() -> Bool {
        guard needsFullRefresh else {
            var changedAny = false
            for participant in watched.values {
                guard let item = participant.item else { needsFullRefresh = true; return refreshModelConstraints() }
                if refreshAnchor(participant, item) { changedAny = true }
            }
            return changedAny
        }
        needsFullRefresh = false
        justRefreshedAll = true
        var changedAny = false
        for (id, participant) in participants {
            guard let item = participant.item else {
                purge(participant, id)
                changedAny = true
                continue
            }
            if refreshAnchor(participant, item) { changedAny = true }
            if let view = item as? View, refreshIntrinsic(participant, view) { changedAny = true }
        }
        return changedAny
    }

    /// An item about to get a constraint: its superview (or owning view) takes part, and its
    /// position rows are brought up to date (cheap when nothing changed: refreshAnchor's fast path).
    private func prepareForActivation(_ existing: Participant, _ item: any LayoutItem) {
        if let view = item as? View, let superview = view.superview, participants[ObjectIdentifier(superview)]?.item == nil {
            _ = participant(for: superview)
        }
        if refreshAnchor(existing, item) { needsSolve = true }
    }

    /// Forgets a participant whose item was released: its rows, its slot.
    private func purge(_ participant: Participant, _ id: ObjectIdentifier) {
        for row in participant.anchorRows + participant.intrinsicRows { try? solver.remove(row) }
        participant.anchorRows = []
        participant.intrinsicRows = []
        participants[id] = nil
        watched[id] = nil
        if participant.slot >= 0 {
            slots[participant.slot] = nil
            freeSlots.append(participant.slot)
            participant.slot = -1
        }
        participant.parent = nil
    }

    /// Position (and size) rows: a translating view at its frame, the root at its place, a
    /// system guide at its view's insets. Made anew when what they relate to changes; otherwise
    /// only their constants move (incrementally).
    private func refreshAnchor(_ participant: Participant, _ item: any LayoutItem) -> Bool {
        // The common case, checked without building anything: a view placed by constraints
        // under the same superview as before has no anchoring rows to refresh.
        if participant.anchorKind == Anchoring.none, let view = item as? View, !view.translatesAutoresizingMaskIntoConstraints,
           let superview = view.superview, superview === participant.anchoredTo { return false }
        let v = participant.variables
        var kind: Anchoring, reference: View?, constants: [Double]
        if let guide = item as? LayoutGuide {
            reference = guide.owningView
            switch guide.kind {
            case .custom:
                kind = .none; constants = []
            case .safeArea, .layoutMargins:
                let frame = guide.layoutFrame
                kind = .systemGuide; constants = [frame.minX, frame.minY, frame.width, frame.height]
            }
        } else if let view = item as? View {
            reference = view.superview.flatMap { participants[ObjectIdentifier($0)] != nil ? $0 : nil }
            if reference == nil {
                let origin = view.superview.map { $0.convert(view.frame.origin, to: nil) } ?? view.frame.origin
                kind = view.translatesAutoresizingMaskIntoConstraints ? .root : .rootPosition
                constants = [origin.x, origin.y, view.frame.width, view.frame.height]
            } else if view.translatesAutoresizingMaskIntoConstraints {
                kind = .frame
                let frame = view.frame, bounds = reference!.bounds
                constants = [frame.minX - bounds.minX, frame.minY - bounds.minY, frame.width, frame.height]
            } else {
                kind = .none; constants = []
            }
        } else {
            return false
        }
        if kind == participant.anchorKind && reference === participant.anchoredTo && participant.anchorRows.count == constants.count {
            guard constants != participant.anchorConstants else { return false }
            for (row, (old, new)) in zip(participant.anchorRows, zip(participant.anchorConstants, constants)) where old != new {
                try? solver.updateConstant(of: row, to: new)
            }
            participant.anchorConstants = constants
            return true
        }
        for row in participant.anchorRows { try? solver.remove(row) }
        participant.anchorRows = []
        participant.anchorKind = kind
        if let id = participant.item.map({ ObjectIdentifier($0) }) {
            // Frames and guides' insets change without the engine being told: looked at each solve.
            watched[id] = kind.copiesModel ? participant : nil
        }
        participant.anchoredTo = reference
        participant.parent = reference.flatMap { participants[ObjectIdentifier($0)] }
        participant.anchorConstants = constants
        guard !constants.isEmpty else { return true }
        var rows: [SolverConstraint] = []
        let r = reference.flatMap { participants[ObjectIdentifier($0)]?.variables }
        let lefts: [LinearExpression] = [LinearExpression(v.left), LinearExpression(v.top), LinearExpression(v.width), LinearExpression(v.height)]
        let bases: [LinearExpression] = [r.map { LinearExpression($0.left) } ?? LinearExpression(0), r.map { LinearExpression($0.top) } ?? LinearExpression(0),
                                         LinearExpression(0), LinearExpression(0)]
        let count = kind == .rootPosition ? 2 : 4
        for index in 0..<count {
            // Written `variable - base == constant`, so the constant is the row's own.
            rows.append(SolverConstraint(lefts[index] - bases[index], .equal, LinearExpression(constants[index]), priority: LayoutPriority.required))
        }
        for row in rows { try? solver.add(row) }
        participant.anchorRows = rows
        participant.anchorConstants = Array(constants.prefix(count))
        return true
    }

    /// A view's content hugging and compression resistance around its intrinsic size.
    private func refreshIntrinsic(_ participant: Participant, _ view: View) -> Bool {
        guard !view.translatesAutoresizingMaskIntoConstraints else {
            guard !participant.intrinsicRows.isEmpty else { return false }
            for row in participant.intrinsicRows { try? solver.remove(row) }
            participant.intrinsicRows = []; participant.intrinsicKey = nil
            return true
        }
        let size = view.currentIntrinsicContentSize()
        let key = IntrinsicKey(size: size, hugging: view.contentHugging, resistance: view.compressionResistance)
        guard key != participant.intrinsicKey else { return false }
        for row in participant.intrinsicRows { try? solver.remove(row) }
        var rows: [SolverConstraint] = []
        let v = participant.variables
        if size.width >= 0 && size.width.isFinite {
            rows.append(SolverConstraint(v.width, .lessThanOrEqual, size.width, priority: view.contentHugging.horizontal))
            rows.append(SolverConstraint(v.width, .greaterThanOrEqual, size.width, priority: view.compressionResistance.horizontal))
        }
        if size.height >= 0 && size.height.isFinite {
            rows.append(SolverConstraint(v.height, .lessThanOrEqual, size.height, priority: view.contentHugging.vertical))
            rows.append(SolverConstraint(v.height, .greaterThanOrEqual, size.height, priority: view.compressionResistance.vertical))
        }
        for row in rows { try? solver.add(row) }
        participant.intrinsicRows = rows
        participant.intrinsicKey = key
        return true
    }

    // MARK: - The hierarchy

    /// UIKit removes a view's constraints to views outside its subtree when it leaves its
    /// superview (they are installed on an ancestor that no longer contains it).
    func viewWillLeave(_ view: View) {
        guard !active.isEmpty else { return }
        for constraint in Array(active.values) {
            guard let installed = constraint.installedOn, !installed.isDescendant(of: view) else { continue }
            let involves = [constraint.firstItem?.layoutOwner, constraint.secondItem?.layoutOwner].contains { $0?.isDescendant(of: view) == true }
            if involves { deactivate(constraint) }
        }
    }
}

extension World {
    /// The engine, made on first use (a world without constraints never makes one).
    public var layoutEngine: LayoutEngine {
        if let engine = autoLayoutEngine { return engine }
        let engine = LayoutEngine(world: self)
        autoLayoutEngine = engine
        return engine
    }
}
