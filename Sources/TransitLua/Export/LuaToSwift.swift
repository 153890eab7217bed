import Foundation

// The translator behind `transit export --swift` (SwiftExporter.swift). It walks the syntax tree
// of LuaSyntax.swift with the API description at hand: every host member a script touches is
// looked up there and written as its Swift declaration spells it. Each construct it does not
// translate faithfully is a `SwiftExportError` naming it (docs/export.md, "Lua → Swift").

struct LuaToSwift {
    static let pendingMark = "\u{1}T"
    static let recordsMarker = "\u{6}structs\u{6}"

    let api: APIDescription
    let chunk: LuaChunk
    var emittedComments = Set<Int>()
    var endLines: [Int: Int] = [:]

    struct Variable {
        var swift: String
        var type: String?
        /// A table of literal constants at the file's top (`local params = { duration = 1 }`).
        var fields: [String: String]? = nil
        var isLuaClass = false
        /// A local function of the file: translated at its first call, whose arguments type it.
        var isFunction = false
        /// A local function inside a function, or a closure bound to a local: the key of its
        /// signature (LuaToSwiftCallables.swift).
        var callable: String? = nil
        /// A module's namespace, or a module constant that could not be translated (LuaToSwiftModules.swift).
        var binding: ModuleBinding? = nil
        /// The string constants of a table of constants (`local params = { direction = "left" }`).
        var literals: [String: String]? = nil
        /// A local of the file that its functions assign (LuaToSwiftFileVariables.swift).
        var fileVariable = false
        /// A local made by a table of named fields in a function (a record, LuaToSwiftStructs.swift):
        /// the line of its declaration and the function it is declared in (`functionStack`).
        var recordLocal: (line: Int, depth: Int)? = nil
        /// The variable of a numeric `for` whose start and step are integers, with a float limit:
        /// a float in Swift (its uses are), an integer in Lua, which writes it as one (`%d`).
        var luaInteger = false
    }

    /// A file-level local function: its body, and once a call has typed it, its Swift.
    struct FileFunction {
        var body: LuaFunctionBody
        var line: Int
        var parameterTypes: [String]? = nil
        /// When the first call leaves out the last parameters: how many it passes (the others are
        /// optional, defaulting to nil).
        var required: Int? = nil
        var result: String = "Void"
        var lines: [String] = []
    }

    final class ClassInfo {
        var luaName: String
        var swiftName: String
        var superclass: String          // an API class name, or a Lua class's Swift name
        var superIsLua: Bool
        var protocols: [String] = []
        var members: [[String]] = []
        var hooks: [String: String] = [:]  // Lua method name → the Swift declaration it implements
        var configuration: [String] = []
        /// Fields a script keeps on its instances (`self.blurView = ...`): Swift stored
        /// properties, typed by the first assignment in the source.
        var fields: [(name: String, type: String)] = []
        /// `function X:init(...)`: translated at the first `X.new(...)`, whose arguments type it,
        /// into the member slot kept for it.
        var initBody: (body: LuaFunctionBody, line: Int, lead: [String], slot: Int)?
        var initTypes: [String]?
        /// The labels of an init that overrides the superclass's designated one.
        var initLabels: [String]?
        /// `@objc` methods made from Lua functions given as actions (LuaToSwiftActions.swift),
        /// written after the class's other members, and their names.
        var actions: [[String]] = []
        var actionNames = Set<String>()
        /// The locals actions read, kept for each recognizer (LuaToSwiftActions.swift).
        var actionStorage: [String] = []
        init(luaName: String, swiftName: String, superclass: String, superIsLua: Bool) {
            self.luaName = luaName; self.swiftName = swiftName; self.superclass = superclass; self.superIsLua = superIsLua
        }
    }

    var classes: [String: ClassInfo] = [:]
    /// Fields of Lua objects a previous pass found (SwiftExporter runs passes until none is new),
    /// so a method may read a field that a later method or the init assigns.
    var seededFields: [String: [(name: String, type: String)]] = [:]
    /// `local x` without a value: its Swift type, once the first assignment gives it.
    var declaredTypes: [Int: String] = [:]
    /// Those of `local x = nil`: optionals.
    var nilInitialised = Set<Int>()
    /// Those Swift sees assigned before any read (`FirstUse.assigned`): unwrapped where assigned.
    var definitelyAssigned = Set<Int>()
    /// Their keyword, `let` or `var`, written for the mark `\u{2}K<id>\u{2}`.
    var declaredKeywords: [Int: String] = [:]
    var nextDeclared = 0
    /// A pass that only finds the fields of Lua objects: a statement it cannot translate is
    /// skipped rather than refused.
    var discovery = false
    var functions: [String: FileFunction] = [:]
    var instances: [String: ClassInfo] = [:]
    var scopes: [[String: Variable]] = [[:]]
    var currentClass: ClassInfo?
    var pendingTypes: [Int: String] = [:]
    var pendingDefaults: [Int: String] = [:]
    /// Pending types of floats Lua computes from integers (`local third = i / 3`): never Int.
    var floatPending = Set<Int>()
    var nextPending = 0
    /// In the function being translated: locals assigned after their declaration, and locals tested for nil.
    var reassigned = Set<String>()
    var nilTested = Set<String>()
    /// Locals the function assigns nil (`x = nil`): they stay optional.
    var assignedNil = Set<String>()
    /// The statements after the one being translated, in its block.
    var followingStatements: [LuaStat] = []
    /// Locals whose fields are assigned (`perspective.m34 = ...`): a struct among them is a var.
    var mutatedFields = Set<String>()
    /// Locals whose own fields are assigned (`part.overlay = ...`).
    var directFieldTargets = Set<String>()
    var returnType: String?
    /// In a file function: the first `return value` gives the Swift result type.
    var inferringResult = false
    /// Set for the next `expr` only, where a call returning several values (a tuple) is taken
    /// whole: `local a, b = f()`, `a, b = f()`, `return f()` (LuaToSwiftAssignments.swift).
    var severalValuesAllowed = false
    /// Set for the next `expr` only, where Lua tests the value's truth (an `if`, `not`, an
    /// operand of `and`/`or` there): `a and b` with an optional `a` is `a != nil && b`.
    var truthinessContext = false
    /// Constants that are nil, typed by their first typed use (LuaToSwiftOptionals.swift).
    var nilConstants: [(name: String, line: Int, type: String?)] = []
    /// String constants of the file, a String or an enumeration's case by their first typed use
    /// (LuaToSwiftStringConstants.swift).
    var stringConstants: [(value: String, line: Int, type: String?)] = []
    /// While a local's choice of strings is translated: the first string's id (-1 before it);
    /// the strings of one choice share that string's type (`stringGroups`, each string's group).
    var stringGroup: Int? = nil
    var stringGroups: [Int: Int] = [:]
    /// Arrays of strings at the top of the file, an option set or a [String] by their first typed use.
    var optionLists: [(values: [String], line: Int, type: String?)] = []
    /// The helpers (`floorModulo`) the export uses, written at its end (LuaToSwiftOperators.swift).
    var helpers = Set<String>()

    /// Fields of self a function tests for truth or nil anywhere in the file: Lua reads such a
    /// field as nil before it is assigned, so they are Swift optionals (not `T!`, which traps).
    var testedSelfFields = Set<String>()

    /// Helper methods, class functions and constants, local functions in functions, typed by
    /// their calls (LuaToSwiftCallables.swift).
    var callables = CallableState()
    /// The lines whose comments may be written now: the body of the function being translated,
    /// or nil at the top of a file, where a comment inside a function body waits for its function
    /// (which may be translated later, at its first call).
    var commentWindow: ClosedRange<Int>? = nil
    /// The bodies of the functions being translated, innermost last (a record's uses are looked
    /// for in the body that declares it, LuaToSwiftStructs.swift).
    var functionStack: [LuaFunctionBody] = []

    init(api: APIDescription, chunk: LuaChunk) {
        self.api = api
        self.chunk = chunk
        callables.prepare(chunk)
        for stat in chunk.block {
            if case .function(_, _, let body, _) = stat { analyse(body) }
            if case .localFunction(_, let body, _) = stat { analyse(body) }
        }
    }

    func refuse(_ line: Int, _ construct: String, _ reason: String) -> SwiftExportError {
        // A number whose Swift type waits for a use is "a number" in a message.
        func plain(_ text: String) -> String {
            text.replacingOccurrences(of: "\u{1}T[0-9]+\u{1}", with: "number", options: .regularExpression)
        }
        return SwiftExportError(line: line, construct: plain(construct), reason: plain(reason))
    }

    // MARK: Comments

    static func swiftComment(_ comment: LuaComment) -> [String] {
        if comment.line == comment.endLine && !comment.text.contains("\n") { return ["//" + comment.text] }
        // A long comment: a // line for each of its lines, without the blank first and last.
        var lines = comment.text.split(separator: "\n", omittingEmptySubsequences: false).map {
            String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }
        if let first = lines.first { lines[0] = first.trimmingCharacters(in: .whitespaces) }
        while lines.first == "" { lines.removeFirst() }
        while lines.last == "" { lines.removeLast() }
        return lines.map { $0.isEmpty ? "//" : "// " + $0 }
    }

    /// The comments not yet written that start before `line`.
    /// (The comments are in line order: only those from where the window opens are looked at.)
    mutating func comments(before line: Int) -> [String] {
        var out: [String] = []
        // At the top of the file, what is before the last statement's lead is written or waits for
        // its function.
        let topLevel = commentWindow == nil && callables.leadRanges == nil
        var index = topLevel ? callables.topLevelCommentCursor
            : firstComment(atOrAfter: commentWindow?.lowerBound ?? callables.leadRanges?.map(\.lowerBound).min() ?? 0)
        while index < chunk.comments.count, chunk.comments[index].line < line {
            let comment = chunk.comments[index]
            if !emittedComments.contains(index) && mayWriteComment(at: comment.line) {
                emittedComments.insert(index)
                // A LuaLS annotation is the Swift declaration's types, not a comment (LuaToSwiftAnnotations.swift).
                if !Self.isAnnotation(comment) { out += Self.swiftComment(comment) }
            }
            index += 1
        }
        if topLevel { callables.topLevelCommentCursor = index }
        return out
    }

    /// A comment after code on `line`, to end that line's Swift.
    mutating func trailingComment(on line: Int) -> String? {
        var index = firstComment(atOrAfter: line)
        while index < chunk.comments.count, chunk.comments[index].line == line {
            if chunk.comments[index].trailing && !emittedComments.contains(index) {
                emittedComments.insert(index)
                return Self.swiftComment(chunk.comments[index]).joined(separator: " ")
            }
            index += 1
        }
        return nil
    }

    /// The index of the first comment on or after `line` (a binary search).
    func firstComment(atOrAfter line: Int) -> Int {
        var low = 0, high = chunk.comments.count
        while low < high {
            let middle = (low + high) / 2
            if chunk.comments[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: The file

    mutating func file() throws -> String {
        var header: [String] = []
        let firstLine = chunk.block.first?.line ?? Int.max
        // The comment paragraph at the top (the effect's description) stays at the top.
        header = comments(before: firstLine)
        var items: [(lines: [String], cls: ClassInfo?, function: String?)] = []
        var constants: [String] = []
        var sawReturn = false
        var previousEnd = firstLine
        for stat in chunk.block {
          do {
            // A statement the expansion of a factory made takes the comments it was given.
            callables.leadRanges = callables.leadWindows[stat.line]
            var lead = comments(before: stat.line)
            callables.leadRanges = nil
            if stat.line > previousEnd + 1, !lead.isEmpty || !items.isEmpty { lead.insert("", at: 0) }
            switch stat {
            case .local(let names, let values, let line) where names.count > 1:
                // `local A, B = 1, 2`: a constant each, when there is a value for each.
                guard names.count == values.count, !values.contains(where: isCall) || values.count == names.count else {
                    throw refuse(line, "a top-level local list", "its values do not match its names one to one")
                }
                var lines: [String] = []
                for (n, v) in zip(names, values) {
                    guard n.attrib != "close" else { throw refuse(line, "a <close> variable", "Swift has no to-be-closed variables (__close)") }
                    guard let constant = try fileConstant(n.name, v, line: line) else {
                        throw refuse(line, "the top-level local \(n.name)", "only classes, their instances and constants that nothing assigns are translated at the top of a file")
                    }
                    lines += constant
                }
                constants += lead.filter { !$0.isEmpty } + lines
            case .local(let names, let values, let line) where names.count == 1 && values.count <= 1 && names[0].attrib == nil
                    && isFileVariable(names[0].name, values.first):
                // A local of the file its functions assign (LuaToSwiftFileVariables.swift).
                constants += lead.filter { !$0.isEmpty } + (try fileVariable(names[0].name, initialisedToNil: !values.isEmpty, line: line))
            case .local(let names, let values, let line):
                guard names.count == 1, values.count == 1 else {
                    throw refuse(line, "a top-level local list", "only one name bound to one value is translated at the top of a file")
                }
                let name = names[0].name
                if names[0].attrib == "close" { throw refuse(line, "a <close> variable", "Swift has no to-be-closed variables (__close)") }
                if scopes[0][name] != nil || classes[name] != nil || functions[name] != nil {
                    throw refuse(line, "the top-level local \(name) declared again", "Lua's second local hides the first, and a Swift file declares a name once")
                }
                if let module = try requireLocal(name, values[0], line: line) {
                    // A module: its namespace (LuaToSwiftModules.swift).
                    items.append((lead + (lead.contains(where: { !$0.isEmpty }) && !module.isEmpty ? [""] : []) + module + (module.isEmpty ? [] : [""]), nil, nil))
                } else if let cls = try classDeclaration(name, values[0]) {
                    classes[name] = cls
                    declare(name, Variable(swift: cls.swiftName, type: cls.swiftName + ".Type", isLuaClass: true))
                    items.append((lead, nil, nil))
                    items.append(([], cls, nil))
                } else if case .call(.field(.name(let cname, _), "new", _), let args, _) = values[0], let cls = classes[cname] {
                    guard args.isEmpty else { throw refuse(line, "\(cname).new with arguments", "a Lua class's initialiser arguments have no Swift types in the API description") }
                    instances[name] = cls
                    if !lead.isEmpty { items.append((lead, nil, nil)) }
                } else if try classFunctionInstance(name, values[0], line: line) {
                    if !lead.isEmpty { items.append((lead, nil, nil)) }
                } else if let literal = try fileConstant(name, values[0], line: line) {
                    constants += lead.filter { !$0.isEmpty } + literal
                } else if let map = try fileMap(name, values[0], line: line) {
                    constants += lead.filter { !$0.isEmpty } + map
                } else {
                    throw topLevelLocalRefusal(name, values[0], line: line)
                }
            case .function(let path, let isMethod, let body, let line):
                guard path.count == 2, let cls = classes[path[0]] else {
                    throw refuse(line, "function \(path.joined(separator: "."))", "only methods of a class made with :subclass are translated")
                }
                guard isMethod else {
                    // A function stored in the class table: a static function (LuaToSwiftCallables.swift).
                    try classFunction(cls, path[1], body, line: line, lead: Array(lead.drop { $0.isEmpty }))
                    previousEnd = endLine(of: stat)
                    continue
                }
                if path[1] == "init" {
                    if body.isVararg { throw refuse(line, "varargs (...)", "a Swift initialiser has a fixed parameter list") }
                    cls.initBody = (body, line, Array(lead.drop { $0.isEmpty }), cls.members.count)
                    cls.members.append([])
                    if baseWithInitializer(cls) != nil {
                        // Its types are the superclass initialiser's: translated here.
                        try translateInit(cls, [], line: line)
                    }
                    previousEnd = endLine(of: stat)
                    continue
                }
                if hookDeclaration(cls, path[1]) == nil {
                    // Not a UIKit hook: a method typed by its calls (LuaToSwiftCallables.swift).
                    try helperMethod(cls, path[1], body, line: line, lead: Array(lead.drop { $0.isEmpty }))
                } else {
                    let method = try hookMethod(cls, path[1], body, line: line)
                    cls.members.append(lead.drop { $0.isEmpty } + method)
                }
            case .assign(let targets, let values, let line):
                guard targets.count == 1, values.count == 1, case .field(.name(let object, _), let key, _) = targets[0],
                      let cls = instances[object] ?? classes[object] else {
                    throw refuse(line, "a top-level assignment", "only an effect's settings (animator.modalPresentationStyle = ...) are translated at the top of a file")
                }
                // The settings Transit's scenes read from an effect (docs/design.md §2.9); an app sets
                // them where it presents, so they are a comment. Any other field is data the code uses.
                guard ["modalPresentationStyle", "interactiveDismissal", "interactiveTabSwitch", "supportedPresentationStyles"].contains(key) else {
                    // On the class: a static constant; on the file's instance: a property's
                    // initial value (LuaToSwiftCallables.swift).
                    if instances[object] == nil {
                        try classConstant(cls, key, values[0], line: line, lead: lead.filter { !$0.isEmpty })
                    } else {
                        try initialValue(cls, key, values[0], line: line)
                        if !lead.isEmpty { items.append((lead, nil, nil)) }
                    }
                    previousEnd = endLine(of: stat)
                    continue
                }
                guard let text = luaLiteralText(values[0]) else {
                    throw refuse(line, "the effect setting \(key)", "its value is not a literal")
                }
                cls.configuration += lead.filter { !$0.isEmpty } + ["// Transit's scene: \(key) = \(text)"]
            case .returnStat(let values, let line):
                var returned = values.first
                if case .call(.field(.name(let n, let l), "new", _), let args, _)? = returned, classes[n] != nil, args.isEmpty {
                    returned = .name(n, line: l)  // `return X.new()`: the class is what is exported
                }
                guard values.count == 1, case .name(let n, _)? = returned, instances[n] != nil || classes[n] != nil else {
                    throw refuse(line, "the file's return value", "an effect file is translated when it returns its class or an instance of it")
                }
                sawReturn = true
                if !lead.isEmpty { items.append((lead, nil, nil)) }
            case .localFunction(let name, let body, let line):
                if body.isVararg { throw refuse(line, "varargs (...)", "a Swift function has a fixed parameter list") }
                if scopes[0][name] != nil || classes[name] != nil || functions[name] != nil {
                    throw refuse(line, "the top-level local \(name) declared again", "Lua's second local hides the first, and a Swift file declares a name once")
                }
                functions[name] = FileFunction(body: body, line: line)
                declare(name, Variable(swift: name, type: nil, isFunction: true))
                items.append((lead, nil, nil))
                items.append(([], nil, name))
            case .gotoStat(_, let line), .label(_, let line):
                throw refuse(line, "goto", "Swift has no goto")
            default:
                throw refuse(stat.line, "a top-level statement", "an effect file's top level is translated only as classes, methods, constants and settings")
            }
            previousEnd = endLine(of: stat)
          } catch where discovery {
            scopes = [scopes[0]]
            continue
          }
        }
        // An init no method calls: `X.new()` at the top makes it, with no arguments.
        for cls in classes.values.sorted(by: { $0.luaName < $1.luaName }) where cls.initBody != nil && cls.initTypes == nil {
            if discovery { scopes = [scopes[0]]; try? translateInit(cls, [], line: cls.initBody!.line); continue }
            guard cls.initBody!.body.parameters.isEmpty else {
                throw refuse(cls.initBody!.line, "\(cls.luaName):init", "nothing calls \(cls.luaName).new with arguments, so no call gives its parameters Swift types")
            }
            _ = try translateInit(cls, [], line: cls.initBody!.line)
        }
        if discovery { return "" }
        try refuseUntypedFunctions()
        guard sawReturn else { throw refuse(chunk.block.last?.line ?? 1, "a file that returns nothing", "a scene has no Swift counterpart; only effects are exported") }
        var out = header
        if !out.isEmpty { out.append("") }
        out.append("import UIKit")
        out.append("")
        if !constants.isEmpty { out += constants; out.append("") }
        // The structs of the records, once every use has been translated (LuaToSwiftStructs.swift).
        out += [Self.recordsMarker, ""]
        for item in items {
            if let cls = item.cls { out += classLines(cls) } else if let name = item.function {
                guard let f = functions[name], f.parameterTypes != nil else {
                    throw refuse(functions[name]?.line ?? 1, "the local function \(name)", "nothing calls it, so no call gives its parameters Swift types")
                }
                out += f.lines + [""]
            } else { out += item.lines }
        }
        out += helperLines
        out += comments(before: Int.max)
        while out.last == "" { out.removeLast() }
        // One blank line between items at most.
        out = out.enumerated().filter { index, line in !(line.isEmpty && index > 0 && out[index - 1].isEmpty) }.map(\.element)
        var text = out.joined(separator: "\n") + "\n"
        // Numbers whose type was waiting for a use (a literal constant): their type, or Double.
        for id in 0..<nextDeclared {
            guard let type = declaredTypes[id] else {
                throw refuse(1, "a local declared without a value", "nothing assigns it a value of a known type")
            }
            text = text.replacingOccurrences(of: "\u{2}V\(id)\u{2}", with: type)
                .replacingOccurrences(of: "\u{2}K\(id)\u{2}", with: declaredKeywords[id] ?? "var")
        }
        for id in 0..<nextPending {
            text = text.replacingOccurrences(of: "\(Self.pendingMark)\(id)\u{1}", with: pendingTypes[id] ?? pendingDefaults[id] ?? "Double")
        }
        // The structs of the records (LuaToSwiftStructs.swift), then the constants typed late.
        let written = try writingOptionLists(try writingStringConstants(try writingNilConstants(try replacingRecords(in: text, marker: Self.recordsMarker))))
        // The marks of types decided late (\u{1}, \u{2}, \u{4}, a record's \u{5}) are all replaced by
        // now; one left would be a bug in the exporter, and never reaches the Swift file.
        if written.unicodeScalars.contains(where: { [1, 2, 4, 5, 6].contains($0.value) }) {
            throw refuse(1, "a type the exporter did not settle", "a mark of a late-decided type was left in the output (a bug in Transit: please report the file)")
        }
        return written
    }

    func endLine(of stat: LuaStat) -> Int { chunk.endLines[stat.line] ?? stat.line }

    func classLines(_ cls: ClassInfo) -> [String] {
        var out: [String] = []
        let inheritance = [cls.superclass] + cls.protocols
        out.append("final class \(cls.swiftName): \(inheritance.joined(separator: ", ")) {")
        if !cls.fields.isEmpty || !cls.actionStorage.isEmpty {
            // nil until the first assignment, and reading one before it traps, as Lua raises.
            for field in cls.fields { out.append("    " + fieldDeclaration(cls, field)) }
            out += cls.actionStorage.map { "    " + $0 }
            out.append("")
        }
        for (index, member) in (cls.members + cls.actions).enumerated() {
            if index > 0 { out.append("") }
            out += member.map { $0.isEmpty ? "" : "    " + $0 }
        }
        out.append("}")
        if !cls.configuration.isEmpty { out += [""] + cls.configuration }
        out.append("")
        return out
    }

    func luaLiteralText(_ e: LuaExpr) -> String? {
        switch e {
        case .string(let s, _): return Self.swiftString(s)
        case .number(let n, _): return n
        case .boolean(let b, _): return b ? "true" : "false"
        case .table(let fields, _):
            var parts: [String] = []
            for field in fields {
                switch field {
                case .named(let k, let v): guard let t = luaLiteralText(v) else { return nil }; parts.append("\(k) = \(t)")
                case .positional(let v): guard let t = luaLiteralText(v) else { return nil }; parts.append(t)
                case .keyed: return nil
                }
            }
            return "{ " + parts.joined(separator: ", ") + " }"
        default: return nil
        }
    }

    /// `local X = Base:subclass("Name")`: a class, or nil when the value is something else.
    mutating func classDeclaration(_ name: String, _ value: LuaExpr) throws -> ClassInfo? {
        guard case .method(.name(let base, _), "subclass", let args, let line) = value else { return nil }
        guard args.count == 1, case .string(let swiftName, _) = args[0] else {
            throw refuse(line, "\(base):subclass without a literal name", "the Swift class needs a name")
        }
        let info: ClassInfo
        if let parent = classes[base] {
            info = ClassInfo(luaName: name, swiftName: swiftName, superclass: parent.swiftName, superIsLua: true)
        } else {
            guard let cls = api.cls(base), cls.isSubclassable else {
                throw refuse(line, "\(base):subclass", "\(base) is not a subclassable class of the API")
            }
            info = ClassInfo(luaName: name, swiftName: swiftName, superclass: base, superIsLua: false)
        }
        info.fields = seededFields[name] ?? []
        return info
    }

    /// `local NAME = value` or a table of named values at the top: file-level Swift constants
    /// (`let NAME`, or an `enum NAME` of `static let`s), when nothing assigns them later.
    mutating func fileConstant(_ name: String, _ value: LuaExpr, line: Int) throws -> [String]? {
        if assignedAnywhere(name) { return nil }
        if case .table(let fields, _) = value, !fields.isEmpty, fields.allSatisfy({ if case .positional = $0 { return true }; return false }) {
            // An array nothing assigns nor inserts into: a `let` of its Swift array type, or of
            // the option set its first use takes (LuaToSwiftStringConstants.swift).
            return try fileArrayConstant(name, fields, line: line)
        }
        if case .table(let fields, _) = value, !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }),
           usedAsValue(name) {
            // A table of named constants used whole (`isPresenting and ENTER or RETURN`): a record,
            // an instance of its struct (LuaToSwiftStructs.swift).
            let (code, type) = try constant(value)
            declare(name, Variable(swift: name, type: type))
            return ["let \(name) = \(code)" + (trailingComment(on: line).map { " " + $0 } ?? "")]
        }
        if case .table(let fields, _) = value {
            guard !fields.isEmpty, fields.allSatisfy({ if case .named = $0 { return true }; return false }) else { return nil }
            var lines = ["enum \(name) {"]
            var types: [String: String] = [:]
            for case .named(let key, let v) in fields {
                if case .nilValue = v {
                    let type = nilConstant(named: "\(name).\(key)", line: v.line)
                    types[key] = type
                    lines.append("    static let \(key): \(type) = nil" + (trailingComment(on: v.line).map { " " + $0 } ?? ""))
                    continue
                }
                let (code, type) = try constant(v)
                types[key] = type
                let annotation = isLiteral(v) || isNumberExpression(v) ? ": " + type : ""
                lines.append("    static let \(key)\(annotation) = \(code)" + (trailingComment(on: v.line).map { " " + $0 } ?? ""))
            }
            lines.append("}")
            var variable = Variable(swift: name, type: nil, fields: types)
            variable.literals = [:]
            for case .named(let key, .string(let s, _)) in fields { variable.literals![key] = s }
            declare(name, variable)
            return lines
        }
        let (code, type) = try constant(value)
        declare(name, Variable(swift: name, type: type))
        let literal = isLiteral(value) || isNumberExpression(value)
        let annotation = literal ? ": " + type : ""
        // A value computed from UIKit (`UIScreen.main.bounds`) is read on the main actor, as the
        // hooks that use it run; a global's initialiser is not isolated unless it says so.
        return (literal || !readsMainActorState(code) ? [] : ["@MainActor"])
            + ["let \(name)\(annotation) = \(code)" + (trailingComment(on: line).map { " " + $0 } ?? "")]
    }

    /// Whether Swift code reads a member of a class the interface isolates to the main actor
    /// (`UIScreen.main`, a view's bounds): any UIKit class name in it other than a value's.
    func readsMainActorState(_ code: String) -> Bool {
        let pattern = try! NSRegularExpression(pattern: "\\bUI[A-Z][A-Za-z]*\\b")
        return pattern.matches(in: code, range: NSRange(code.startIndex..., in: code)).contains { match in
            let name = String(code[Range(match.range, in: code)!])
            return !(api.cls(name)?.isValue ?? false) && !["UIEdgeInsets", "UIColor", "UIFont"].contains(name)
        }
    }

    /// A file-level value: numbers computed from literals wait for a use to know their Swift type.
    mutating func constant(_ value: LuaExpr) throws -> (String, String) {
        if case .nilValue = value { return ("nil", nilConstant(named: "nil", line: value.line)) }
        if case .string(let s, let line) = value { return stringConstant(s, line: line) }
        if isNumberExpression(value) {
            let id = nextPending
            nextPending += 1
            pendingDefaults[id] = "Double"
            let type = "\(Self.pendingMark)\(id)\u{1}"
            let code = try expr(value, expected: type)
            return (code.text, type)
        }
        let code = try expr(value, expected: nil)
        guard let type = code.type else { throw refuse(value.line, "the constant \(describe(value))", "its type is not known from the API description") }
        return (code.text, type)
    }

    func isNumberExpression(_ e: LuaExpr) -> Bool {
        switch e {
        case .number: return true
        case .unary("-", let inner, _), .paren(let inner, _): return isNumberExpression(inner)
        case .binary(let op, let l, let r, _): return ["+", "-", "*", "/"].contains(op) && isNumberExpression(l) && isNumberExpression(r)
        case .field(.name("math", _), "pi", _): return true
        default: return false
        }
    }

    mutating func literalWithPendingType(_ value: LuaExpr) throws -> (String, String) {
        switch value {
        case .string(let s, _): return (Self.swiftString(s), "String")
        case .boolean(let b, _): return (b ? "true" : "false", "Bool")
        default:
            let code = try number(value)
            let id = nextPending
            nextPending += 1
            pendingDefaults[id] = "Double"
            return (code, "\(Self.pendingMark)\(id)\u{1}")
        }
    }

    func number(_ e: LuaExpr) throws -> String {
        switch e {
        case .unary("-", let inner, _): return "-" + (try number(inner))
        case .number(let text, let line):
            let lower = text.lowercased()
            if lower.hasPrefix("0x") {
                if lower.contains(".") || lower.contains("p") { throw refuse(line, "the hexadecimal float \(text)", "its Swift spelling is not written by the exporter") }
                return text
            }
            var t = text
            if t.hasPrefix(".") { t = "0" + t }
            if t.hasSuffix(".") { t += "0" }
            t = t.replacingOccurrences(of: ".e", with: ".0e").replacingOccurrences(of: ".E", with: ".0E")
            return t
        default: throw refuse(e.line, "a number", "it is not a literal")
        }
    }

    /// Whether the file uses the local `name` other than to read one of its fields (`X.key`).
    func usedAsValue(_ name: String) -> Bool {
        var whole = 0, fields = 0
        LuaWalk.expressions(in: chunk.block) { e in
            if case .name(let n, _) = e, n == name { whole += 1 }
            if case .field(.name(let n, _), _, _) = e, n == name { fields += 1 }
            if case .index(.name(let n, _), _, _) = e, n == name { fields += 1 }
        }
        return whole > fields
    }

    func assignedAnywhere(_ name: String) -> Bool {
        var found = false
        func visit(_ block: [LuaStat]) {
            for stat in block {
                switch stat {
                case .assign(let targets, _, _):
                    for t in targets {
                        if case .name(let n, _) = t, n == name { found = true }
                        if case .field(.name(let n, _), _, _) = t, n == name { found = true }
                        if case .index(.name(let n, _), _, _) = t, n == name { found = true }
                    }
                case .function(_, _, let body, _), .localFunction(_, let body, _): visit(body.block)
                case .doBlock(let b, _), .whileLoop(_, let b, _), .repeatLoop(let b, _, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _): visit(b)
                case .ifStat(let clauses, let e, _, _): clauses.forEach { visit($0.1) }; if let e { visit(e) }
                default: break
                }
            }
        }
        visit(chunk.block)
        return found
    }

    // MARK: Scopes

    mutating func declare(_ name: String, _ variable: Variable) { scopes[scopes.count - 1][name] = variable }
    /// A type with the placeholders of types given by a later assignment, as far as known.
    func resolvingDeclared(_ type: String) -> String {
        var t = type
        for (id, resolved) in declaredTypes { t = t.replacingOccurrences(of: "\u{2}V\(id)\u{2}", with: resolved) }
        return t
    }

    func lookup(_ name: String) -> Variable? {
        for scope in scopes.reversed() {
            if var v = scope[name] {
                if let t = v.type, t.contains("\u{2}V") { v.type = resolvingDeclared(t) }
                return v
            }
        }
        return nil
    }

    // MARK: Hooks

    /// The hook `name` a class may implement: its declaration, and the protocol it belongs to or
    /// nil for an override of the superclass's.
    func hookDeclaration(_ cls: ClassInfo, _ name: String) -> (declaration: String, protocolName: String?)? {
        var base: ClassInfo? = cls
        var apiBase = cls.superclass
        while let b = base, b.superIsLua {
            if let parent = classes.values.first(where: { $0.swiftName == b.superclass }) {
                if let d = parent.hooks[name] { return (d, nil) }
                base = parent
                apiBase = parent.superclass
            } else { break }
        }
        for c in api.lineage(apiBase) {
            if let hook = c.hooks.first(where: { $0.name == name }), let d = hook.swiftDeclaration { return (d, nil) }
        }
        for proto in api.protocols {
            if let hook = proto.hooks.first(where: { $0.name == name }), let d = hook.swiftDeclaration {
                return (d, proto.name)
            }
        }
        return nil
    }

    mutating func hookMethod(_ cls: ClassInfo, _ name: String, _ body: LuaFunctionBody, line: Int) throws -> [String] {
        guard let (declaration, protocolName) = hookDeclaration(cls, name), let signature = SwiftSignature(declaration) else {
            throw refuse(line, "the method \(cls.luaName):\(name)", "it is not a hook of UIKit (a protocol requirement or an override), so its parameter and return types are not in the API description")
        }
        if body.isVararg { throw refuse(line, "varargs (...)", "a Swift method has a fixed parameter list") }
        if Self.oneBasedHooks.contains(name) {
            throw refuse(line, "the hook \(cls.luaName):\(name)", "Transit passes its section 1-based and UIKit 0-based, which the exporter does not translate in a hook's body")
        }
        if let protocolName {
            let swiftProtocol = SwiftNames.enumerations[protocolName]?.type ?? protocolName
            if !cls.protocols.contains(swiftProtocol) && !inheritsConformance(cls, swiftProtocol) { cls.protocols.append(swiftProtocol) }
        }
        cls.hooks[name] = declaration
        var out: [String] = []
        scopes.append(["self": Variable(swift: "self", type: cls.swiftName)])
        defer { scopes.removeLast() }
        let previousClass = currentClass
        currentClass = cls
        defer { currentClass = previousClass }
        analyse(body)
        returnType = signature.result == "Void" ? nil : signature.result
        // A protocol method UIKit's superclass implements (UIPercentDrivenInteractiveTransition's
        // startInteractiveTransition) is an override too.
        let modifier = protocolName == nil || superclassImplements(cls, name) ? "override " : ""
        if signature.keyword == "var" {
            guard body.parameters.isEmpty else { throw refuse(line, "\(name) with parameters", "UIKit declares it as a property (\(declaration))") }
            out.append("\(modifier)var \(signature.baseName): \(signature.result) {")
        } else {
            guard body.parameters.count <= signature.parameters.count else {
                throw refuse(line, "\(cls.luaName):\(name) with \(body.parameters.count) parameters", "UIKit's \(SwiftDeclaration.name(of: declaration)) takes \(signature.parameters.count)")
            }
            var parameters: [String] = []
            for (index, p) in signature.parameters.enumerated() {
                let luaName = index < body.parameters.count ? body.parameters[index] : p.name
                declare(luaName, Variable(swift: luaName, type: p.type))
                let head: String
                if p.label == luaName { head = luaName } else { head = "\(p.label) \(luaName)" }
                parameters.append("\(head): \(p.type)")
            }
            let result = signature.result == "Void" ? "" : " -> \(signature.result)"
            out.append("\(modifier)func \(signature.baseName)(\(parameters.joined(separator: ", ")))\(result) {")
        }
        out += try functionBlock(body).map { $0.isEmpty ? "" : "    " + $0 }
        out.append("}")
        return out
    }

    func inheritsConformance(_ cls: ClassInfo, _ proto: String) -> Bool {
        if cls.superIsLua, let parent = classes.values.first(where: { $0.swiftName == cls.superclass }) {
            return parent.protocols.contains(proto) || inheritsConformance(parent, proto)
        }
        return (SwiftInterfaceGenerator.conformances[cls.superclass] ?? []).contains(proto)
    }

    /// Which locals a function reassigns (they become `var`) and tests for nil (they stay optional).
    mutating func analyse(_ body: LuaFunctionBody) {
        reassigned = []
        nilTested = []
        assignedNil = []
        mutatedFields = []
        directFieldTargets = []
        func expr(_ e: LuaExpr, condition: Bool) {
            switch e {
            case .name(let n, _): if condition { nilTested.insert(n) }
            case .field(.name("self", _), let k, _): if condition { testedSelfFields.insert(k) }
            case .unary("not", let inner, _): expr(inner, condition: true)
            case .unary(_, let inner, _): expr(inner, condition: false)
            case .binary(let op, let l, let r, _):
                if op == "==" || op == "~=" {
                    if case .nilValue = r, case .name(let n, _) = l { nilTested.insert(n) }
                    if case .nilValue = l, case .name(let n, _) = r { nilTested.insert(n) }
                    if case .nilValue = r, case .field(.name("self", _), let k, _) = l { testedSelfFields.insert(k) }
                    if case .nilValue = l, case .field(.name("self", _), let k, _) = r { testedSelfFields.insert(k) }
                }
                if op == "or", case .binary("and", let c, let x, _) = l, isTernary(l) {
                    // `c and x or y`: x is chosen, not tested, once it is known not to be nil.
                    expr(c, condition: true); expr(x, condition: false); expr(r, condition: condition)
                } else {
                    let logical = op == "and" || op == "or"
                    expr(l, condition: logical); expr(r, condition: logical && condition)
                }
            case .paren(let inner, _): expr(inner, condition: condition)
            case .field(let o, _, _): expr(o, condition: false)
            case .index(let o, let k, _): expr(o, condition: false); expr(k, condition: false)
            case .call(let f, let args, _):
                expr(f, condition: false); args.forEach { expr($0, condition: false) }
                if case .field(.name("table", _), "insert", _) = f, case .name(let n, _)? = args.first { reassigned.insert(n) }
            case .method(let o, _, let args, _): expr(o, condition: false); args.forEach { expr($0, condition: false) }
            case .function(let b): visit(b.block)
            case .table(let fields, _):
                for f in fields {
                    switch f {
                    case .positional(let v), .named(_, let v): expr(v, condition: false)
                    case .keyed(let k, let v): expr(k, condition: false); expr(v, condition: false)
                    }
                }
            default: break
            }
        }
        func visit(_ block: [LuaStat]) {
            for stat in block {
                switch stat {
                case .assign(let targets, let values, _):
                    for (t, v) in zip(targets, values) { if case .name(let n, _) = t, case .nilValue = v { assignedNil.insert(n) } }
                    for t in targets {
                        if case .name(let n, _) = t { reassigned.insert(n) } else { expr(t, condition: false) }
                        var root = t
                        while true {
                            if case .field(let o, _, _) = root { root = o } else if case .index(let o, _, _) = root { root = o } else { break }
                        }
                        if case .name(let n, _) = root { mutatedFields.insert(n) }
                        if case .field(.name(let n, _), _, _) = t { directFieldTargets.insert(n) }
                        if case .index(.name(let n, _), _, _) = t { reassigned.insert(n) }
                    }
                    values.forEach { expr($0, condition: false) }
                case .local(_, let values, _): values.forEach { expr($0, condition: false) }
                case .call(let e, _): expr(e, condition: false)
                case .returnStat(let values, _): values.forEach { expr($0, condition: false) }
                case .doBlock(let b, _): visit(b)
                case .whileLoop(let c, let b, _): expr(c, condition: true); visit(b)
                case .repeatLoop(let b, let c, _): visit(b); expr(c, condition: true)
                case .ifStat(let clauses, let e, _, _):
                    for (c, b) in clauses { expr(c, condition: true); visit(b) }
                    if let e { visit(e) }
                case .numericFor(_, let a, let b, let c, let body, _): expr(a, condition: false); expr(b, condition: false); c.map { expr($0, condition: false) }; visit(body)
                case .genericFor(_, let values, let body, _): values.forEach { expr($0, condition: false) }; visit(body)
                case .function(_, _, let b, _), .localFunction(_, let b, _): visit(b.block)
                default: break
                }
            }
        }
        visit(body.block)
    }
}
