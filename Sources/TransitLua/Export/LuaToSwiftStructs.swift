import Foundation

// Records in LuaToSwift (docs/export.md, "Records"): a table of named fields built at run time
// (`{ toOnTop = true, curve = hero.STANDARD, to = { ... }, from = { ... } }`, Hero's recipes) is a
// Swift struct, as an iOS developer would declare one for it:
//
//     struct Recipe {
//         let toOnTop: Bool
//         let curve: [CGPoint]
//         let to: State
//         let from: State
//     }
//
// made with its memberwise initialiser, `Recipe(toOnTop: true, curve: Hero.STANDARD, ...)`, and
// read by its fields' names. Each table constructor is a site; the sites whose values meet (two
// branches of `c and x or y`, the arguments of one parameter, the returns of one function, a
// field's values) are one struct, found over the export's passes (SwiftExporter.swift) as the
// types of functions are. A field is typed by the values the sites and the assignments give it,
// a number literal by its use; it is optional (`var scale: CGFloat?`, nil when absent, as Lua
// reads nil) when some site leaves it out, gives it a value that may be nil, or only an assignment
// after the record is made gives it one. The struct is named after the local or parameter it is
// first bound to (`local recipe = ...` → Recipe), else the field it is stored in (`saved = {...}`).
//
// A Lua table is shared and a struct is copied, which reads the same as long as no field is
// assigned after the record has been passed on; so a field is assigned only on a local the table
// was made into, in the function that makes it, before any use of the local as a value (an
// argument, a return, a store, a capture), and not in a loop or a function that may run after
// one; anything else is refused, as are a comparison of two records (Lua compares identity, and a
// struct has no ==), a field no site or assignment gives (Lua reads nil, the struct has no such
// field), and a constructor whose fields come in another order than the struct declares them when
// evaluating them in that order could differ (a value that calls something that is not a pure
// function of its arguments).

/// A name a record's struct may take: a local or parameter it is bound to (priority 0), or the
/// field of another record or object it is stored in (1); the first by priority and line wins.
struct RecordName: Equatable {
    var priority: Int
    var line: Int
    var name: String
}

/// What one site of a record (a table constructor, a parameter's annotation) says about it.
struct RecordSite {
    var line: Int
    /// The constructor's keys, in its order (for an annotation, its fields').
    var order: [String] = []
    /// Each field's Swift type (a value's type, not optional; `#number` for a number literal that
    /// waits for a use; a record's placeholder).
    var types: [String: String] = [:]
    /// Fields given a value that may be nil.
    var optional: Set<String> = []
    /// Fields assigned after the record is made, with the first such line.
    var assigned: [String: Int] = [:]
    /// The number types uses of `#number` fields want.
    var numberUses: [String: String] = [:]
    /// Fields no site gives and nothing assigns (always nil, as Lua reads them), typed by the
    /// first use that wants a type.
    var usedTypes: [String: String] = [:]
    /// Such fields only tested for truth (`if state.shadow then`): Bool, unless a use types them.
    var testedOnly = Set<String>()
    var names: [RecordName] = []

    var extent: Int {
        order.count + types.count + types.values.filter { $0 != CallableState.numberMarker }.count + optional.count
            + assigned.count + numberUses.count + usedTypes.count + testedOnly.count + names.count
    }

    mutating func merge(_ other: RecordSite) {
        if order.isEmpty { order = other.order }
        for (key, type) in other.types where types[key] == nil || types[key] == CallableState.numberMarker { types[key] = type }
        optional.formUnion(other.optional)
        for (key, line) in other.assigned { assigned[key] = min(assigned[key] ?? line, line) }
        for (key, type) in other.numberUses where numberUses[key] == nil { numberUses[key] = type }
        for (key, type) in other.usedTypes where usedTypes[key] == nil { usedTypes[key] = type }
        testedOnly.formUnion(other.testedOnly)
        for name in other.names where !names.contains(name) { names.append(name) }
    }
}

/// A struct: every site of it taken together.
struct MergedRecord {
    var root: String
    /// The fields in the struct's declaration order.
    var fields: [String]
    var types: [String: String]
    var optional: Set<String>
    var assigned: Set<String>
    /// Fields no site gives and nothing assigns, typed by a use.
    var usedOnly: Set<String> = []
    /// Those typed Bool only by truth tests (a use that wants another type retypes them).
    var tentative: Set<String> = []
    /// Fields some site leaves out (or no site gives).
    var absent: Set<String> = []
}

extension LuaToSwift {
    // MARK: Sites and structs

    /// Whether a type still waits for a use (a number's, a nil's or a string constant's mark).
    static func hasLateMark(_ t: String) -> Bool { t.unicodeScalars.contains { (1...4).contains($0.value) } }

    static func recordType(_ site: String) -> String { "\u{5}\(site)\u{5}" }

    /// The site a record type is the placeholder of.
    static func recordSite(_ type: String?) -> String? {
        guard let type else { return nil }
        let u = SwiftType.unwrapped(type)
        guard u.count > 2, u.first == "\u{5}", u.last == "\u{5}", !u.dropFirst().dropLast().contains("\u{5}") else { return nil }
        return String(u.dropFirst().dropLast())
    }

    func recordEntry(_ site: String) -> RecordSite? {
        var entry = callables.seeds.records[site]
        if let found = callables.found.records[site] {
            if entry == nil { entry = found } else { entry!.merge(found) }
        }
        return entry
    }

    /// The site that stands for all those known to be one struct with `site`.
    func recordRoot(_ site: String) -> String {
        var current = site
        while let parent = callables.found.recordLinks[current] ?? callables.seeds.recordLinks[current], parent != current { current = parent }
        return current
    }

    /// Sites in the order of their lines (a site earlier in the file comes first).
    func siteOrder(_ a: String, _ b: String) -> Bool {
        let la = recordEntry(a)?.line ?? Int.max, lb = recordEntry(b)?.line ?? Int.max
        return la != lb ? la < lb : a < b
    }

    func recordMembers(_ root: String) -> [String] {
        let all = Set(callables.seeds.records.keys).union(callables.found.records.keys)
        return all.filter { recordRoot($0) == root }.sorted(by: siteOrder)
    }

    /// The struct `root` stands for, as far as the passes know it.
    func mergedRecord(_ root: String) -> MergedRecord {
        let members = recordMembers(root).compactMap { site in recordEntry(site).map { (site, $0) } }
        var types: [String: String] = [:]
        var optional = Set<String>()
        var assigned: [String: Int] = [:]
        var numberUses: [String: String] = [:]
        var usedTypes: [String: String] = [:]
        var constructorKeys: [[String]] = []
        for (_, entry) in members {
            for (key, type) in entry.types where types[key] == nil || types[key] == CallableState.numberMarker { types[key] = type }
            optional.formUnion(entry.optional)
            for (key, line) in entry.assigned { assigned[key] = min(assigned[key] ?? line, line) }
            for (key, type) in entry.numberUses where numberUses[key] == nil { numberUses[key] = type }
            for (key, type) in entry.usedTypes where usedTypes[key] == nil { usedTypes[key] = type }
            for key in entry.testedOnly where usedTypes[key] == nil { usedTypes[key] = "Bool" }
            if !entry.order.isEmpty { constructorKeys.append(entry.order) }
        }
        for (key, type) in types where type == CallableState.numberMarker { types[key] = numberUses[key] ?? CallableState.numberMarker }
        // Absent from a site: nil there, so optional.
        var absent = Set<String>()
        for key in Set(types.keys).union(assigned.keys) where constructorKeys.contains(where: { !$0.contains(key) }) || constructorKeys.isEmpty {
            optional.insert(key)
            absent.insert(key)
        }
        // The declaration order: each site's order kept where the sites agree, the earlier site's
        // where they do not; fields only assigned after them, by their first assignment.
        var before: [String: Set<String>] = [:]
        var priority: [String] = []
        for keys in constructorKeys {
            for (index, key) in keys.enumerated() {
                before[key, default: []].formUnion(keys[..<index])
                if !priority.contains(key) { priority.append(key) }
            }
        }
        var fields: [String] = []
        var remaining = priority
        while !remaining.isEmpty {
            let next = remaining.first { key in before[key, default: []].allSatisfy { fields.contains($0) } } ?? remaining[0]
            fields.append(next)
            remaining.removeAll { $0 == next }
        }
        fields += assigned.filter { !fields.contains($0.key) }.sorted { $0.value != $1.value ? $0.value < $1.value : $0.key < $1.key }.map(\.key)
        for key in fields where types[key] == nil { types[key] = CallableState.numberMarker }
        // Fields only read: nil in every record, typed by a use.
        let explicit = Set(members.flatMap { $0.1.usedTypes.keys })
        for key in usedTypes.keys.sorted() where types[key] == nil {
            fields.append(key)
            types[key] = usedTypes[key]
            optional.insert(key)
            absent.insert(key)
        }
        return MergedRecord(root: root, fields: fields, types: types, optional: optional, assigned: Set(assigned.keys),
                            usedOnly: Set(usedTypes.keys.filter { !priority.contains($0) && assigned[$0] == nil && types[$0] == usedTypes[$0] }),
                            tentative: Set(usedTypes.keys.filter { !explicit.contains($0) && !priority.contains($0) && assigned[$0] == nil }),
                            absent: absent)
    }

    /// The Swift type of a field of a struct, as its declaration writes it (optional where it is).
    func recordFieldType(_ merged: MergedRecord, _ key: String) -> String? {
        guard var type = merged.types[key] else { return nil }
        if type == CallableState.numberMarker { type = "Double" }
        return merged.optional.contains(key) ? Self.optional(type) : type
    }

    /// Two sites are one struct: the later one's root links to the earlier one's, and fields that
    /// hold records hold one struct.
    mutating func unite(_ a: String, _ b: String, line: Int) throws {
        let ra = recordRoot(a), rb = recordRoot(b)
        guard ra != rb else { return }
        let (keep, link) = siteOrder(ra, rb) ? (ra, rb) : (rb, ra)
        callables.found.recordLinks[link] = keep
        try reconcile(keep, line: line)
    }

    /// The fields of a struct whose sites give them different records: those records are one; a
    /// field given two types is refused.
    mutating func reconcile(_ root: String, line: Int) throws {
        var seen: [String: (type: String, line: Int)] = [:]
        for site in recordMembers(root) {
            guard let entry = recordEntry(site) else { continue }
            for key in entry.types.keys.sorted() {
                let type = entry.types[key]!
                guard type != CallableState.numberMarker else { continue }
                guard let (other, otherLine) = seen[key] else { seen[key] = (type, entry.line); continue }
                if let x = Self.recordSite(type), let y = Self.recordSite(other) {
                    try unite(x, y, line: line)
                } else if !(SwiftType.isNumeric(type) && SwiftType.isNumeric(other)) && type != other {
                    throw refuse(line, "the field \(key) of a record", "it is a \(other) in the table at line \(displayLine(otherLine)) and a \(type) in the one at line \(displayLine(entry.line)), and a Swift struct's field has one type")
                }
            }
        }
    }

    /// A line as a message names it (a module's line within its module).
    func displayLine(_ line: Int) -> Int { line >= LuaModule.lineStride ? line % LuaModule.lineStride : line }

    mutating func nameRecord(_ type: String?, priority: Int, line: Int, _ name: String) {
        guard let site = Self.recordSite(type), name != "_", name != "self" else { return }
        let root = recordRoot(site)
        let candidate = RecordName(priority: priority, line: line, name: name)
        guard !(recordEntry(root)?.names.contains(candidate) ?? false) else { return }
        var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
        entry.names.append(candidate)
        callables.found.records[root] = entry
    }

    /// The sites of two types are one struct when both are records.
    mutating func uniteRecords(_ a: String?, _ b: String?, line: Int) throws {
        if let x = Self.recordSite(a), let y = Self.recordSite(b) { try unite(x, y, line: line) }
    }

    // MARK: Constructors

    /// `{ a = x, b = y }` made where no options table is expected: a struct's initialiser.
    mutating func recordConstructor(_ fields: [LuaField], expected: String?, line: Int) throws -> Code {
        var keys: [String] = []
        var values: [String: LuaExpr] = [:]
        for case .named(let key, let value) in fields {
            guard values[key] == nil else { throw refuse(line, "a table with the key \(key) given twice", "Lua keeps the last value, a Swift initialiser takes each field once") }
            keys.append(key)
            values[key] = value
        }
        // `{ a = nil }` is `{}` in Lua: the field is absent.
        let present = keys.filter { if case .nilValue = values[$0]! { return false }; return true }
        let site = "R\(line)_" + keys.joined(separator: "_")
        if callables.found.records[site] == nil { callables.found.records[site] = RecordSite(line: line) }
        callables.found.records[site]!.order = present
        for key in keys where !present.contains(key) { callables.found.records[site]!.optional.insert(key) }
        if let expectedSite = Self.recordSite(expected) { try unite(site, expectedSite, line: line) }
        var merged = mergedRecord(recordRoot(site))
        var codes: [String: Code] = [:]
        for key in present {
            let value = values[key]!
            let known = merged.types[key].flatMap { $0 == CallableState.numberMarker ? nil : $0 }
            var c = try expr(value, expected: known.map { merged.optional.contains(key) ? Self.optional($0) : $0 })
            let type: String
            if known == nil, isNumberExpression(value) {
                type = CallableState.numberMarker
            } else {
                guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t), !Self.hasLateMark(t) else {
                    throw refuse(value.line, "the field \(key) of a table", "the Swift type of its value is not known")
                }
                if let known, let x = Self.recordSite(t), let y = Self.recordSite(known) { try unite(x, y, line: line) }
                if let known, Self.recordSite(t) == nil, SwiftType.unwrapped(t) != SwiftType.unwrapped(known),
                   !(SwiftType.isNumeric(t) && SwiftType.isNumeric(known)), agree(c, known, argument: value) == false {
                    throw refuse(value.line, "the field \(key) of a table", "its value is a \(t) where the struct's field is a \(known) (another table gives it that), and a Swift struct's field has one type")
                }
                type = SwiftType.unwrapped(t)
                if SwiftType.isOptional(t) { callables.found.records[site]!.optional.insert(key) }
                nameRecord(t, priority: 1, line: value.line, key)
            }
            if callables.found.records[site]!.types[key] == nil || callables.found.records[site]!.types[key] == CallableState.numberMarker {
                callables.found.records[site]!.types[key] = type
            }
            if isLiteral(value), type == CallableState.numberMarker { c = Code(text: try number(value), type: "Double") }
            codes[key] = c
        }
        try reconcile(recordRoot(site), line: line)
        merged = mergedRecord(recordRoot(site))
        // The memberwise initialiser takes the fields in the struct's order.
        let ordered = merged.fields.filter { codes[$0] != nil }
        if ordered != present {
            let moved = zip(ordered, present).filter { $0 != $1 }.map(\.0)
            if let impure = moved.first(where: { !isInert(values[$0]!) }) {
                throw refuse(line, "the table { \(present.joined(separator: ", ")) }", "its struct declares the fields in the order \(merged.fields.joined(separator: ", ")) (another table gives them so), and evaluating \(impure) out of its place could do something else than Lua does")
            }
        }
        var text = Self.recordType(site) + "("
        var previousLine = line
        for (index, key) in ordered.enumerated() {
            let valueLine = values[key]!.line
            // A value on another line than the one before it starts a line, as in the Lua.
            if index > 0 { text += valueLine != previousLine ? ",\n    " : ", " }
            previousLine = valueLine
            text += "\(key): \(codes[key]!.text)"
        }
        return Code(text: text + ")", type: Self.recordType(site))
    }

    /// A `{ k: T, ... }` LuaLS type (LuaToSwiftAnnotations.swift): a record site of its own.
    mutating func annotatedRecord(_ text: String, parameter: String, line: Int) throws -> String {
        let inner = text.dropFirst().dropLast()
        var parts: [String] = []
        var depth = 0, current = ""
        for c in inner {
            if c == "{" { depth += 1 }
            if c == "}" { depth -= 1 }
            if c == ",", depth == 0 { parts.append(current); current = ""; continue }
            current.append(c)
        }
        if !current.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(current) }
        var entry = RecordSite(line: line)
        for part in parts {
            let pieces = part.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pieces.count == 2, !pieces[0].isEmpty, pieces[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
                throw refuse(line, "the annotation ---@param \(parameter) \(text)", "its field \(part.trimmingCharacters(in: .whitespaces)) is not `name: type`")
            }
            let type = try swiftType(annotation: pieces[1], parameter: parameter, line: line)
            entry.order.append(pieces[0])
            entry.types[pieces[0]] = SwiftType.unwrapped(type)
            if SwiftType.isOptional(type) { entry.optional.insert(pieces[0]) }
        }
        guard !entry.order.isEmpty else { throw refuse(line, "the annotation ---@param \(parameter) \(text)", "a table type with no fields has no Swift struct") }
        let site = "A\(line)_" + entry.order.joined(separator: "_")
        entry.names = [RecordName(priority: 0, line: line, name: parameter)]
        if callables.found.records[site] == nil { callables.found.records[site] = entry }
        return Self.recordType(site)
    }

    // MARK: Reads and assignments

    /// `record.key`.
    mutating func recordFieldRead(_ receiver: Code, _ key: String, expected: String?, line: Int) throws -> Code? {
        guard let site = Self.recordSite(receiver.type) else { return nil }
        let root = recordRoot(site)
        let merged = mergedRecord(root)
        if merged.usedOnly.contains(key), expected == nil {
            throw refuse(line, "the field \(key) of a record", "no table the record is made from has it and nothing assigns it (Lua reads nil), and this use gives it no Swift type")
        }
        if merged.tentative.contains(key), let want = expected.map(SwiftType.unwrapped), want != "Bool", !Self.hasLateMark(want), !SwiftType.isClosure(want) {
            // Only truth tests typed it so far: this use's type is its type.
            var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
            entry.usedTypes[key] = want
            callables.found.records[root] = entry
            return Code(text: receiverText(receiver) + "." + key, type: Self.optional(want))
        }
        guard var type = merged.types[key] else {
            // No table gives it and nothing assigns it: nil in every record, as Lua reads it. Its
            // type only makes the Swift type-check: the first use that wants one gives it.
            guard let want = expected.map(SwiftType.unwrapped), !want.isEmpty, !Self.hasLateMark(want), !SwiftType.isClosure(want) else {
                throw refuse(line, "the field \(key) of a record", "no table the record is made from has it and nothing assigns it (Lua reads nil), and this use gives it no Swift type")
            }
            var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
            // A truth test says only that it may be nil: Bool, unless another use wants a type.
            if want == "Bool" { entry.testedOnly.insert(key) } else { entry.usedTypes[key] = want }
            callables.found.records[root] = entry
            return Code(text: receiverText(receiver) + "." + key, type: Self.optional(want))
        }
        if type == CallableState.numberMarker {
            // A number literal's field: the first use that wants a number type gives it.
            if let want = expected.flatMap({ SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil }), !Self.hasLateMark(want) {
                var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
                entry.numberUses[key] = want
                callables.found.records[root] = entry
                type = want
            } else {
                type = "Double"
            }
        }
        if !merged.optional.contains(key), expected == "Bool", type != "Bool" {
            // Tested for truth (`if state.translate then`): Lua's test is whether the field is nil,
            // so the field is an optional, as a field of self the code tests is.
            markOptional(root, key, line: line)
        }
        if merged.optional.contains(key) { type = Self.optional(type) }
        return Code(text: receiverText(receiver) + "." + key, type: type)
    }

    /// A field of a record the code tests for nil: an optional in its struct (from the next pass).
    mutating func markOptional(_ root: String, _ key: String, line: Int) {
        var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
        entry.optional.insert(key)
        callables.found.records[root] = entry
    }

    /// `record.key == nil`: the field is an optional.
    mutating func noteNilTest(_ e: LuaExpr, line: Int) throws {
        guard case .field(let object, let key, _) = e, let site = Self.recordSite(try expr(object, expected: nil).type) else { return }
        let root = recordRoot(site)
        if !mergedRecord(root).optional.contains(key) { markOptional(root, key, line: line) }
    }

    /// `local.key = value` on a record.
    mutating func recordFieldAssignment(_ target: LuaExpr, _ value: LuaExpr, line: Int) throws -> [String]? {
        guard case .field(let object, let key, _) = target else { return nil }
        if case .name("self", _) = object, currentClass != nil, lookup("self")?.type == currentClass?.swiftName { return nil }
        let receiver = try expr(object, expected: nil)
        guard let site = Self.recordSite(receiver.type) else { return nil }
        guard case .name(let n, _) = object, let variable = lookup(n), let (declaration, depth) = variable.recordLocal, depth < functionStack.count else {
            throw refuse(line, "an assignment to the field \(key) of \(describe(object))", "a record is a Swift struct, a value copied where it is passed; a field is assigned only on the local a table was made into, in the function that makes it")
        }
        if let reason = recordWriteRefusal(n, declaredAt: declaration, in: functionStack[depth], writtenAt: line) {
            throw refuse(line, "an assignment to the field \(key) of the record in \(n)", reason)
        }
        let root = recordRoot(site)
        let merged = mergedRecord(root)
        let known = merged.types[key].flatMap { $0 == CallableState.numberMarker ? nil : $0 }
        var c = try expr(value, expected: known.map(Self.optional))
        var type: String?
        if case .nilValue = value {
            guard known != nil else { throw refuse(line, "the assignment of nil to \(n).\(key)", "nothing gives the field a Swift type") }
        } else if known == nil, isNumberExpression(value) {
            type = CallableState.numberMarker
            if isLiteral(value) { c = Code(text: try number(value), type: "Double") }
        } else {
            guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t), !Self.hasLateMark(t) else {
                throw refuse(line, "the assignment to \(n).\(key)", "the Swift type of its value is not known")
            }
            if let known, let x = Self.recordSite(t), let y = Self.recordSite(known) { try unite(x, y, line: line) }
            type = SwiftType.unwrapped(t)
            nameRecord(t, priority: 1, line: line, key)
        }
        var entry = callables.found.records[root] ?? RecordSite(line: recordEntry(root)?.line ?? line)
        entry.assigned[key] = min(entry.assigned[key] ?? line, line)
        if let type, entry.types[key] == nil, merged.types[key] == nil || merged.types[key] == CallableState.numberMarker { entry.types[key] = type }
        callables.found.records[root] = entry
        try reconcile(root, line: line)
        return ["\(receiverText(receiver)).\(key) = \(c.text)"]
    }

    /// Why `name.key = ...` on `line` could not be Swift's assignment to the one struct Lua's
    /// table is: the local was passed on (as an argument, a return, a store, a capture) before it,
    /// or may be in a loop or a function that runs after that.
    func recordWriteRefusal(_ name: String, declaredAt declaration: Int, in body: LuaFunctionBody, writtenAt line: Int) -> String? {
        struct Event { var line: Int; var loops: [Int]; var inFunction: Bool }
        var escapes: [Event] = []
        var writes: [Event] = []
        func expr(_ e: LuaExpr, _ loops: [Int], _ inFunction: Bool) {
            switch e {
            case .name(let n, let l): if n == name, l >= declaration { escapes.append(Event(line: l, loops: loops, inFunction: inFunction)) }
            case .field(.name(let n, _), _, _) where n == name: break  // a read of a field
            case .index(.name(let n, _), let k, _) where n == name: expr(k, loops, inFunction)
            case .field(let o, _, _): expr(o, loops, inFunction)
            case .index(let o, let k, _): expr(o, loops, inFunction); expr(k, loops, inFunction)
            case .call(let f, let args, _): expr(f, loops, inFunction); args.forEach { expr($0, loops, inFunction) }
            case .method(let o, _, let args, _): expr(o, loops, inFunction); args.forEach { expr($0, loops, inFunction) }
            case .binary(_, let l, let r, _): expr(l, loops, inFunction); expr(r, loops, inFunction)
            case .unary(_, let i, _), .paren(let i, _): expr(i, loops, inFunction)
            case .table(let fields, _):
                for f in fields {
                    switch f {
                    case .positional(let v), .named(_, let v): expr(v, loops, inFunction)
                    case .keyed(let k, let v): expr(k, loops, inFunction); expr(v, loops, inFunction)
                    }
                }
            case .function(let f): block(f.block, loops, inFunction || f.line > declaration)
            default: break
            }
        }
        func block(_ statements: [LuaStat], _ loops: [Int], _ inFunction: Bool) {
            for stat in statements {
                let here = stat.line > declaration ? loops : []
                switch stat {
                case .assign(let targets, let values, let l):
                    values.forEach { expr($0, loops, inFunction) }
                    for target in targets {
                        if case .field(.name(let n, _), _, _) = target, n == name {
                            if l >= declaration { writes.append(Event(line: l, loops: loops, inFunction: inFunction)) }
                        } else { expr(target, loops, inFunction) }
                    }
                case .local(_, let values, _), .returnStat(let values, _): values.forEach { expr($0, loops, inFunction) }
                case .call(let e, _): expr(e, loops, inFunction)
                case .doBlock(let b, _): block(b, loops, inFunction)
                case .whileLoop(let c, let b, let l):
                    expr(c, here + [l], inFunction); block(b, (stat.line > declaration ? loops + [l] : loops), inFunction)
                case .repeatLoop(let b, let c, let l):
                    block(b, (l > declaration ? loops + [l] : loops), inFunction); expr(c, (l > declaration ? loops + [l] : loops), inFunction)
                case .numericFor(_, let a, let b, let c, let body, let l):
                    [a, b].forEach { expr($0, loops, inFunction) }; c.map { expr($0, loops, inFunction) }
                    block(body, (l > declaration ? loops + [l] : loops), inFunction)
                case .genericFor(_, let values, let body, let l):
                    values.forEach { expr($0, loops, inFunction) }; block(body, (l > declaration ? loops + [l] : loops), inFunction)
                case .ifStat(let clauses, let e, _, _):
                    for (c, b) in clauses { expr(c, loops, inFunction); block(b, loops, inFunction) }
                    if let e { block(e, loops, inFunction) }
                case .function(_, _, let f, _), .localFunction(_, let f, _): block(f.block, loops, inFunction || f.line > declaration)
                default: break
                }
            }
        }
        block(body.block, [], false)
        guard let write = writes.first(where: { $0.line == line }) else { return nil }
        if let escape = escapes.filter({ $0.line <= line }).min(by: { $0.line < $1.line }) {
            return "\(name) is used as a value at line \(displayLine(escape.line)) before it (passed, returned or stored): a Swift struct is a copy there, which this assignment does not change, where Lua's table is one"
        }
        if write.inFunction, let escape = escapes.first {
            return "it is in a function that may run after \(name) is used as a value at line \(displayLine(escape.line)) (passed, returned or stored), where the Swift struct is a copy"
        }
        if let escape = escapes.first(where: { !Set($0.loops).isDisjoint(with: write.loops) }) {
            return "it is in a loop that uses \(name) as a value at line \(displayLine(escape.line)) (passed, returned or stored), so the next time round the Swift struct there is a copy"
        }
        return nil
    }

    // MARK: Evaluation order

    /// Whether evaluating an expression can do nothing but compute a value (so its place among
    /// a constructor's arguments does not matter).
    func isInert(_ e: LuaExpr) -> Bool {
        var visiting = Set<String>()
        return isInert(e, &visiting)
    }

    func isInert(_ e: LuaExpr, _ visiting: inout Set<String>) -> Bool {
        switch e {
        case .nilValue, .boolean, .number, .string, .name, .function: return true
        case .vararg: return false
        case .paren(let i, _), .unary(_, let i, _): return isInert(i, &visiting)
        case .binary(_, let l, let r, _): return isInert(l, &visiting) && isInert(r, &visiting)
        // A property read: UIKit's getters change nothing (as `droppingExtraArguments` assumes).
        case .field(let o, _, _): return isInert(o, &visiting)
        case .index(let o, let k, _): return isInert(o, &visiting) && isInert(k, &visiting)
        case .table(let fields, _):
            return fields.allSatisfy { f in
                switch f {
                case .positional(let v), .named(_, let v): return isInert(v, &visiting)
                case .keyed(let k, let v): return isInert(k, &visiting) && isInert(v, &visiting)
                }
            }
        case .method: return false
        case .call(let f, let args, _):
            guard args.allSatisfy({ isInert($0, &visiting) }) else { return false }
            switch f {
            case .name(let n, _):
                if let key = lookup(n)?.callable, let body = callables.nested[key] { return isPure(body, key, &visiting) }
                if lookup(n)?.isFunction == true, let f = functions[n] { return isPure(f.body, "file:\(n)", &visiting) }
                // A value's initialiser (CGPoint(x, y)).
                return lookup(n) == nil && (api.cls(n)?.isValue ?? false)
            case .field(let namespace, let name, _):
                if let path = namespacePath(namespace), case .function(let key, _, _)? = callables.namespaces[path]?[name], let body = callables.nested[key] {
                    return isPure(body, key, &visiting)
                }
                if case .name(let n, _) = namespace, lookup(n) == nil, let cls = api.cls(n), cls.isValue { return true }
                return false
            default: return false
            }
        }
    }

    /// Whether a function only computes its result from its arguments: locals, `if`s and returns
    /// of inert expressions.
    func isPure(_ body: LuaFunctionBody, _ key: String, _ visiting: inout Set<String>) -> Bool {
        guard !visiting.contains(key) else { return true }
        visiting.insert(key)
        var locals = Set(body.parameters)
        func pure(_ block: [LuaStat], _ visiting: inout Set<String>) -> Bool {
            for stat in block {
                switch stat {
                case .local(let names, let values, _):
                    guard values.allSatisfy({ isInert($0, &visiting) }) else { return false }
                    names.forEach { locals.insert($0.name) }
                case .returnStat(let values, _): guard values.allSatisfy({ isInert($0, &visiting) }) else { return false }
                case .assign(let targets, let values, _):
                    for t in targets { guard case .name(let n, _) = t, locals.contains(n) else { return false } }
                    guard values.allSatisfy({ isInert($0, &visiting) }) else { return false }
                case .ifStat(let clauses, let e, _, _):
                    for (c, b) in clauses { guard isInert(c, &visiting), pure(b, &visiting) else { return false } }
                    if let e, !pure(e, &visiting) { return false }
                case .doBlock(let b, _): guard pure(b, &visiting) else { return false }
                default: return false
                }
            }
            return true
        }
        return pure(body.block, &visiting)
    }

    // MARK: Declarations

    /// The struct declarations of the records `text` uses, its placeholders replaced by their
    /// names; the declarations come where the marker line is.
    func replacingRecords(in text: String, marker: String) throws -> String {
        let pattern = try NSRegularExpression(pattern: "\u{5}([^\u{5}]+)\u{5}")
        func roots(in s: String) -> [String] {
            pattern.matches(in: s, range: NSRange(s.startIndex..., in: s)).map { recordRoot(String(s[Range($0.range(at: 1), in: s)!])) }
        }
        var used: [String] = []
        var queue = roots(in: text)
        var declarations: [String: [String]] = [:]
        while let root = queue.first {
            queue.removeFirst()
            guard !used.contains(root) else { continue }
            used.append(root)
            let merged = mergedRecord(root)
            var lines = ["struct \(Self.recordType(root)) {"]
            for key in merged.fields {
                guard let type = recordFieldType(merged, key) else { continue }
                // A field some table leaves out takes its default (nil) in the memberwise
                // initialiser only as a var; one assigned later is a var too.
                let keyword = merged.absent.contains(key) || merged.assigned.contains(key) ? "var" : "let"
                lines.append("    \(keyword) \(key): \(type)")
                queue += roots(in: type)
            }
            lines.append("}")
            declarations[root] = lines
        }
        // Names: the first candidate of each struct, capitalised, made unique.
        var names: [String: String] = [:]
        var taken = Set(classes.values.map(\.swiftName)).union(callables.translatedModules.values)
        for root in used.sorted(by: siteOrder) {
            let candidates = recordMembers(root).compactMap { recordEntry($0)?.names }.flatMap { $0 }
            let best = candidates.min { ($0.priority, $0.line, $0.name) < ($1.priority, $1.line, $1.name) }?.name ?? "Record"
            var name = best.prefix(1).uppercased() + best.dropFirst()
            if taken.contains(name) {
                var n = 2
                while taken.contains(name + "\(n)") { n += 1 }
                name += "\(n)"
            }
            taken.insert(name)
            names[root] = name
        }
        let block = used.sorted(by: siteOrder).map { declarations[$0]!.joined(separator: "\n") }.joined(separator: "\n\n")
        // The marker is followed by a blank line: the declarations' own, or none.
        var out = block.isEmpty ? text.replacingOccurrences(of: marker + "\n\n", with: "")
            : text.replacingOccurrences(of: marker + "\n", with: block + "\n")
        for match in pattern.matches(in: out, range: NSRange(out.startIndex..., in: out)).reversed() {
            let site = String(out[Range(match.range(at: 1), in: out)!])
            out.replaceSubrange(Range(match.range, in: out)!, with: names[recordRoot(site)] ?? "Record")
        }
        return out
    }
}

// MARK: - Tables of constants read by a dynamic key

extension LuaToSwift {
    /// `{ left = "right", right = "left" }` as a Swift dictionary literal, its keys the names.
    mutating func constantDictionary(_ fields: [LuaField], line: Int) throws -> (String, String) {
        var parts: [String] = []
        var valueType: String?
        for case .named(let key, let value) in fields {
            if case .nilValue = value { throw refuse(value.line, "the field \(key) = nil of a table of constants", "a nil constant has no Swift type") }
            let c = try expr(value, expected: valueType)
            guard let t = c.type, !Self.hasLateMark(t) else { throw refuse(value.line, "the field \(key) of a table of constants", "its Swift type is not known") }
            if let valueType, valueType != t { throw refuse(value.line, "the field \(key) of a table of constants", "it is a \(t) where the others are \(valueType), and a dictionary's values have one type") }
            valueType = t
            parts.append("\(Self.swiftString(key)): \(c.text)")
        }
        return ("[" + parts.joined(separator: ", ") + "]", "[String: \(valueType ?? "String")]")
    }

    /// The string a key is known to be: a literal, or a string constant of the file's tables.
    func constantString(_ e: LuaExpr) -> String? {
        switch e {
        case .string(let s, _): return s
        case .field(.name(let n, _), let key, _): return lookup(n)?.literals?[key]
        default: return nil
        }
    }

    /// `M.T[k]`, `T` a module's table of named constants: a dictionary read, optional as Lua's
    /// read of a missing key is nil; unwrapped when `k` is a constant the table has (it is never
    /// nil then). The table is an enum until a pass finds this read (`ExportSeeds.dictionaries`).
    mutating func dictionaryRead(_ object: LuaExpr, _ key: LuaExpr, line: Int) throws -> Code? {
        if let path = namespacePath(object), !callables.translatedModules.values.contains(path), case .field = object {
            callables.found.dictionaries.insert(path)
            throw refuse(line, "the dynamic key \(describe(object))[\(describe(key))]", "\(path) is translated as an enum of constants, which Swift reads by name only (a later pass makes it a dictionary)")
        }
        guard case .field(let namespace, let name, _) = object, let path = namespacePath(namespace), let keys = callables.dictionaryKeys["\(path).\(name)"] else { return nil }
        let table = try expr(object, expected: nil)
        guard let t = table.type, t.hasPrefix("[String: "), t.hasSuffix("]") else { return nil }
        let valueType = String(t.dropFirst("[String: ".count).dropLast())
        let k = try expr(key, expected: "String")
        guard k.type == "String" else { throw refuse(line, "the key \(describe(key)) of \(describe(object))", "it is not a string, the table's keys are") }
        let read = "\(table.text)[\(k.text)]"
        if let constant = constantString(key), keys.contains(constant) {
            return Code(text: read + "!", type: valueType)
        }
        return Code(text: read, type: Self.optional(valueType))
    }
}
