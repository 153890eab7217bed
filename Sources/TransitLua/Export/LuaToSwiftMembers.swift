import Foundation

// Host members in LuaToSwift: properties, methods, class functions and initialisers, spelled as
// their Swift declarations in the API description spell them.

extension LuaToSwift {
    /// Fields of Foundation's CoreGraphics structs, which Transit's Lua names as the SDK's C
    /// fields do (`rect.x` is `rect.origin.x` in Swift).
    static let foundationFields: [String: [String: (swift: String, type: String)]] = [
        "CGRect": ["x": ("origin.x", "CGFloat"), "y": ("origin.y", "CGFloat"), "width": ("size.width", "CGFloat"), "height": ("size.height", "CGFloat")],
        "CGPoint": ["x": ("x", "CGFloat"), "y": ("y", "CGFloat")],
        "CGSize": ["width": ("width", "CGFloat"), "height": ("height", "CGFloat")],
    ]

    /// A stored field of the structs the interface declares itself (`CATransform3D.m34`).
    static func storedField(_ type: String, _ key: String) -> (swift: String, type: String)? {
        for line in SwiftInterfaceSupport.storage[type] ?? [] where line.hasPrefix("public var \(key): ") {
            return (key, String(line.dropFirst("public var \(key): ".count)))
        }
        return nil
    }

    /// Lua defaults of options a Swift overload requires (`UIView.animate{...}` without `delay`
    /// animates at once: Animation.swift's `numberOption(1, "delay") ?? 0`).
    static let optionDefaults: [String: [String: String]] = [
        "UIView.animate": ["delay": "0", "velocity": "0"],
        "UIView.animateKeyframes": ["delay": "0"],
    ]

    /// The API class (and Lua class) a Swift type's members are found on.
    func owner(of type: String?) -> (api: String?, lua: ClassInfo?) {
        guard let type else { return (nil, nil) }
        let name = SwiftType.nominal(type)
        if let cls = classes.values.first(where: { $0.swiftName == name }) {
            var apiBase = cls.superclass
            var c: ClassInfo? = cls
            while let current = c, current.superIsLua, let parent = classes.values.first(where: { $0.swiftName == current.superclass }) {
                apiBase = parent.superclass
                c = parent
            }
            return (apiBase, cls)
        }
        if api.cls(name) != nil { return (name, nil) }
        if let luaName = SwiftInterfaceGenerator.typeNames.first(where: { $0.value == name })?.key, api.cls(luaName) != nil { return (luaName, nil) }
        if let conforming = conformingClass(name) { return (conforming, nil) }
        return (nil, nil)
    }

    func receiverText(_ receiver: Code) -> String {
        let text = wrap(receiver, 100)
        if let t = receiver.type, SwiftType.isOptional(t) { return text + "!" }
        return text
    }

    /// `object.key` as a Swift property.
    mutating func property(_ receiver: Code, _ key: String, line: Int) throws -> (code: Code, readOnly: Bool)? {
        let isType = receiver.type?.hasSuffix(".Type") ?? false
        let ownerType = isType ? String(receiver.type!.dropLast(5)) : receiver.type
        let (apiName, lua) = owner(of: ownerType)
        if isType, let lua, let constant = classConstantRead(receiver, lua, key) { return constant }
        if !isType, let lua {
            var c: ClassInfo? = lua
            while let current = c {
                if let field = current.fields.first(where: { $0.name == key }) {
                    return (Code(text: receiverText(receiver) + "." + key, type: field.type), false)
                }
                c = current.superIsLua ? classes.values.first(where: { $0.swiftName == current.superclass }) : nil
            }
        }
        if !isType, let type = ownerType, let required = Self.requiredProperty(of: SwiftType.nominal(type), key) {
            // A property the protocol UIKit types the value as requires (`container.preferredContentSize`).
            return (Code(text: receiverText(receiver) + "." + key, type: required.type), required.readOnly)
        }
        guard let apiName else { return nil }
        if !isType, apiName == "UIColor", key == "alpha" {
            // Transit's colour is a value with an alpha field; UIKit's UIColor has its CGColor's.
            return (Code(text: receiverText(receiver) + ".cgColor.alpha", type: "CGFloat"), true)
        }
        for cls in api.lineage(apiName) {
            if !isType, let p = cls.properties.first(where: { $0.name == key }) {
                if let d = p.swiftDeclaration, let s = SwiftSignature(d) {
                    try checkRequirement(receiver.type, s.baseName, line: line)
                    let readOnly = p.isReadOnly || d.hasSuffix("{ get }")
                    return (Code(text: receiverText(receiver) + "." + s.baseName, type: s.result), readOnly)
                }
                if let field = Self.foundationFields[cls.name]?[key] {
                    return (Code(text: receiverText(receiver) + "." + field.swift, type: field.type), p.isReadOnly)
                }
                if key == "name", SwiftNames.transitOnlyProperties.contains("\(cls.name).name") {
                    // docs/export.md, "Transit's names": an assignment of a literal name is a comment.
                    throw refuse(line, "the name of a view (\(cls.name).name) used as a value", "UIKit has no name: Transit's labels a view in traces and messages, and its scenes name the views of the screens they build, which an app's screens do not carry; an app finds a view by an outlet, a tag or a reference it sets, which the Lua does not say (a literal name assigned is a comment)")
                }
                throw refuse(line, "the property \(cls.name).\(key)", "it has no UIKit declaration (a Transit-only property)")
            }
            if !isType, let field = Self.foundationFields[cls.name]?[key] ?? Self.storedField(cls.name, key) {
                return (Code(text: receiverText(receiver) + "." + field.swift, type: field.type), false)
            }
            if isType, cls.constants.contains(where: { $0.name == key }) {
                if SwiftInterfaceGenerator.foundationMembers.contains("\(cls.name).\(key)"), ["zero", "null", "infinite"].contains(key) {
                    // Foundation's own (CGRect.zero): of the struct's type.
                    return (Code(text: receiver.text + "." + key, type: cls.name), true)
                }
                guard let d = SwiftNames.properties["\(cls.name).\(key)"], let s = SwiftSignature(d) else {
                    throw refuse(line, "the constant \(cls.name).\(key)", "it has no UIKit declaration")
                }
                return (Code(text: receiver.text + "." + s.baseName, type: s.result), true)
            }
        }
        return nil
    }

    /// Chooses the overload of a declaration a Lua call means, and writes the arguments.
    mutating func arguments(_ declaration: String, _ args: [LuaExpr], key: String, line: Int) throws -> (signature: SwiftSignature, text: String) {
        let overloads = SwiftDeclaration(declaration).overloads.compactMap(SwiftSignature.init)
        // An options table: `UIView.animate{ duration = 0.3, animations = function() ... end }`.
        if args.count == 1, case .table(let fields, _) = args[0], !fields.isEmpty,
           fields.allSatisfy({ if case .named = $0 { return true }; return false }) {
            var values: [String: LuaExpr] = [:]
            for case .named(let k, let v) in fields { values[k] = v }
            let defaults = Self.optionDefaults[key] ?? [:]
            // A key names a parameter (`duration`, withDuration's) or its argument label (`equalTo`).
            func option(_ p: SwiftParameter) -> String { values[p.name] != nil || p.label == "_" ? p.name : p.label }
            let candidates = overloads.filter { s in
                s.parameters.count > 0 && Set(values.keys).isSubset(of: Set(s.parameters.map(option))) &&
                    s.parameters.allSatisfy { values[option($0)] != nil || $0.hasDefault || defaults[$0.name] != nil }
            }.sorted { $0.parameters.count < $1.parameters.count }
            guard let s = candidates.first else {
                throw refuse(line, "the options {\(values.keys.sorted().joined(separator: ", "))} of \(key)", "no Swift overload of \(SwiftDeclaration(declaration).name) takes them")
            }
            var parts: [String] = []
            for p in s.parameters {
                if let v = values[option(p)] {
                    parts.append(label(p) + (try passed(v, expected: p.type).text))
                } else if let d = defaults[p.name], !p.hasDefault {
                    parts.append(label(p) + d)
                }
            }
            return (s, parts.joined(separator: ", "))
        }
        // A local function passed by its name (`CATransaction.setCompletionBlock(finish)`) is a function too.
        let localFunctions = Set(args.compactMap { a -> String? in
            if case .name(let n, _) = a, lookup(n)?.callable != nil { return n }
            return nil
        })
        func shape(_ e: LuaExpr) -> Bool? {  // true: a function, false: not one, nil: nil
            switch e {
            case .function: return true
            case .nilValue: return nil
            case .name(let n, _): return localFunctions.contains(n)
            default: return false
            }
        }
        var shaped = overloads.filter { s in
            guard args.count <= s.parameters.count, s.parameters.dropFirst(args.count).allSatisfy(\.hasDefault) else { return false }
            return zip(args, s.parameters).allSatisfy { a, p in
                guard let isFunction = shape(a) else { return SwiftType.isOptional(p.type) || p.type.hasSuffix("?") }
                return isFunction == SwiftType.isClosure(p.type)
            }
        }
        if shaped.count > 1 {
            // Overloads told apart by their parameters' types (`convert(_ point: CGPoint, to:)` and
            // `convert(_ rect: CGRect, to:)`): the arguments' types, found on a copy of the translator.
            var probe = self
            let types = args.map { a -> String? in shape(a) == false ? (try? probe.expr(a, expected: nil))?.type.map(SwiftType.unwrapped) : nil }
            if let s = shaped.first(where: { s in zip(types, s.parameters).allSatisfy { t, p in t == nil || t == SwiftType.unwrapped(p.type) } }) {
                shaped = [s]
            }
        }
        for s in shaped {
            var parts: [String] = []
            for (position, (a, p)) in zip(args, s.parameters).enumerated() {
                let value = try indexArgument(a, key: key, position: position, expected: p.type) ?? passed(a, expected: p.type)
                parts.append(label(p) + requiredArgument(value, p.type))
            }
            return (s, parts.joined(separator: ", "))
        }
        throw refuse(line, "\(key) with \(args.count) arguments", "no Swift overload of \(SwiftDeclaration(declaration).name) takes them in this order")
    }

    func label(_ p: SwiftParameter) -> String { p.label == "_" ? "" : p.label + ": " }

    /// A result UIKit declares as `Self` (`CALayer.presentation() -> Self?`): the receiver's type.
    static func resolvingSelf(_ result: String, _ receiver: String?) -> String {
        guard let receiver, result.range(of: "\\bSelf\\b", options: .regularExpression) != nil else { return result }
        return result.replacingOccurrences(of: "\\bSelf\\b", with: SwiftType.nominal(receiver), options: .regularExpression)
    }

    mutating func methodCall(_ object: LuaExpr, _ name: String, _ args: [LuaExpr], line: Int) throws -> Code {
        let receiver = try expr(object, expected: nil)
        let (apiName, lua) = owner(of: receiver.type)
        if let lua, let (declaration, _) = hookDeclaration(lua, name) {
            let (s, text) = try arguments(declaration, args, key: "\(lua.luaName):\(name)", line: line)
            if s.keyword == "var" { return Code(text: receiverText(receiver) + "." + s.baseName, type: s.result) }
            return Code(text: "\(receiverText(receiver)).\(s.baseName)(\(text))", type: s.result)
        }
        // A method the script defines that is not a hook (LuaToSwiftCallables.swift).
        if let lua, let helper = try callHelperMethod(receiver, lua, name, args, line: line) { return helper }
        guard let apiName else {
            throw refuse(line, "the method call \(describe(object)):\(name)", "the type of \(describe(object)) is not known from the API description")
        }
        if name == "addTarget", api.lineage(apiName).contains(where: { $0.name == "UIGestureRecognizer" }) {
            return try gestureAddTarget(receiver, typeName(apiName), args, line: line)
        }
        if name == "removeTarget", args.count == 2, case .string(let action, _) = args[1],
           api.lineage(apiName).contains(where: { $0.name == "UIGestureRecognizer" }) {
            // The action a name names is the selector of the target's method, as addTarget gave it.
            let target = try expr(args[0], expected: nil)
            guard let cls = owner(of: target.type).lua, let (_, method) = helperMethod(of: cls, action), method.parameters.count <= 1 else {
                throw refuse(line, "removeTarget with the action name \"\(action)\"", "\(describe(args[0])) is not an object of a class of this file with a method \(action), whose selector the name stands for")
            }
            let selector = method.parameters.isEmpty ? action : action + "(_:)"
            let text = target.text == "self" && currentClass === cls ? "#selector(\(selector))" : "#selector(\(cls.swiftName).\(selector))"
            return Code(text: "\(receiverText(receiver)).removeTarget(\(receiverText(target)), action: \(text))", type: "Void")
        }
        for cls in api.lineage(apiName) {
            guard let f = cls.methods.first(where: { $0.name == name }) else { continue }
            guard var d = f.swiftDeclaration ?? SwiftNames.declarations["\(cls.name).\(name)"] else {
                throw refuse(line, "\(cls.name):\(name)", "it has no UIKit declaration (a Transit-only method)")
            }
            // Swift inherits overloads: a subclass's declarations (NSLayoutDimension's
            // constraint(equalToConstant:)) add to its superclasses' (constraint(equalTo:)).
            for ancestor in api.lineage(cls.name).dropFirst() {
                if let inherited = ancestor.methods.first(where: { $0.name == name })?.swiftDeclaration { d += "\n" + inherited }
            }
            if SwiftSignature(d)?.keyword == "var" {
                guard args.isEmpty else { throw refuse(line, "\(cls.name):\(name) with arguments", "UIKit declares it as a property") }
                let s = SwiftSignature(d)!
                return Code(text: receiverText(receiver) + "." + s.baseName, type: s.result)
            }
            if let s = SwiftSignature(d), s.keyword == "func", s.baseName.hasPrefix("CATransform3D") {
                // A C function of Core Animation: the receiver is its first argument (`t:rotated(a, x, y, z)` is
                // `CATransform3DRotate(t, a, x, y, z)`).
                let (chosen, text) = try arguments(d, [object] + args, key: "\(cls.name).\(name)", line: line)
                return Code(text: "\(chosen.baseName)(\(text))", type: chosen.result)
            }
            let (s, text) = try arguments(d, args, key: "\(cls.name).\(name)", line: line)
            try checkRequirement(receiver.type, s.baseName, line: line)
            return Code(text: "\(receiverText(receiver)).\(s.baseName)(\(text))", type: Self.resolvingSelf(s.result, receiver.type))
        }
        throw refuse(line, "the method \(name) of \(describe(object))", "\(apiName) has no method \(name) in the API description")
    }

    static let mathFunctions: [String: String] = ["floor": "floor", "ceil": "ceil", "abs": "abs", "sqrt": "sqrt", "sin": "sin", "cos": "cos",
                                                  "tan": "tan", "min": "min", "max": "max", "exp": "exp", "atan": "atan2"]

    mutating func call(_ function: LuaExpr, _ args: [LuaExpr], line: Int, expected: String?) throws -> Code {
        let numericExpected = expected.flatMap { SwiftType.isNumeric($0) ? SwiftType.unwrapped($0) : nil }
        if let library = try libraryCall(function, args, line: line, expected: expected) { return library }
        switch function {
        case .field(.name("math", _), let name, _) where lookup("math") == nil:
            guard var swift = Self.mathFunctions[name] else {
                throw refuse(line, "math.\(name)", "it is not translated")
            }
            // Lua's math.atan(y) is atan(y / 1): Swift's atan; math.atan(y, x) is atan2.
            if name == "atan" && args.count == 1 { swift = "atan" }
            if name == "atan" && !(1...2).contains(args.count) { throw refuse(line, "math.atan with \(args.count) arguments", "Lua's takes one or two") }
            if (name == "min" || name == "max") && args.count < 2 { throw refuse(line, "math.\(name) with one argument", "Swift's takes two or more") }
            var parts: [Code] = []
            var type = numericExpected
            for a in args {
                let c = try expr(a, expected: type)
                if type == nil, let t = c.type, SwiftType.isNumeric(t), !isLiteral(a) { type = t }
                parts.append(c)
            }
            if numericExpected == nil, let t = type { parts = try args.map { try expr($0, expected: t) } }
            guard let t = type ?? parts.first?.type, SwiftType.isNumeric(t) else { throw refuse(line, "math.\(name)", "its argument's type is not known") }
            return Code(text: "\(swift)(\(parts.map(\.text).joined(separator: ", ")))", type: t == "Int" && name != "floor" && name != "ceil" && name != "abs" && name != "min" && name != "max" ? "Double" : t)
        case .field(.name("table", _), "insert", _) where lookup("table") == nil:
            guard args.count == 2 else { throw refuse(line, "table.insert with a position", "only appending is translated") }
            let array = try expr(args[0], expected: nil)
            guard let t = array.type, SwiftType.isArray(t) else { throw refuse(line, "table.insert", "its first argument is not an array of a known type") }
            let element = SwiftType.element(t)
            if element.hasPrefix("\u{2}V"), let id = Int(element.dropFirst(2).dropLast()), declaredTypes[id] == nil {
                // The first insert into an empty table gives the array its element type.
                let value = try expr(args[1], expected: nil)
                guard let type = value.type, !type.hasPrefix(Self.pendingMark), !type.hasSuffix(".Type") else {
                    throw refuse(line, "table.insert of \(describe(args[1]))", "its Swift type is not known, so the array's is not")
                }
                declaredTypes[id] = type
                return Code(text: "\(array.text).append(\(value.text))", type: "Void")
            }
            let value = try expr(args[1], expected: element)
            return Code(text: "\(array.text).append(\(value.text))", type: "Void")
        case .field(.name("string", _), let name, _) where lookup("string") == nil:
            if ["gsub", "match", "find", "gmatch"].contains(name) {
                throw refuse(line, "string.\(name)", "Lua patterns are not regular expressions and have no Swift counterpart")
            }
            throw refuse(line, "string.\(name)", Self.globalReason("string"))
        case .method(_, let name, _, _) where ["gsub", "match", "find", "gmatch"].contains(name):
            throw refuse(line, "string.\(name)", "Lua patterns are not regular expressions and have no Swift counterpart")
        case .field(let namespace, let name, _) where namespacePath(namespace) != nil:
            // A module's function (LuaToSwiftModules.swift).
            return try callNamespaceFunction(namespacePath(namespace)!, name, args, line: line)
        case .name(let n, _) where lookup(n)?.callable != nil:
            return try callNestedFunction(n, lookup(n)!.callable!, args, line: line)
        case .field(.field(.name(let n, _), "super", _), let name, _) where lookup(n)?.isLuaClass == true:
            return try superCall(n, name, args, line: line)
        case .name(let n, _) where lookup(n)?.isFunction == true:
            return try callFileFunction(n, args, line: line)
        case .name(let n, _) where lookup(n) == nil && api.cls(n) == nil:
            if n == "print" {
                guard args.count == 1 else { throw refuse(line, "print with several values", "Lua separates them with tabs") }
                let c = try expr(args[0], expected: "String")
                guard c.type == "String" else { throw refuse(line, "print of a \(c.type ?? "value of unknown type")", "Lua's number formatting differs from Swift's") }
                return Code(text: "print(\(c.text))", type: "Void")
            }
            if n == "ipairs" { throw refuse(line, "ipairs outside a for loop", "only `for i, v in ipairs(array)` is translated") }
            throw refuse(line, "\(n)(...)", Self.globalReason(n))
        case .field(.name(let n, _), let name, _) where lookup(n)?.isLuaClass == true:
            if name != "new", let function = try callClassFunction(n, name, args, line: line) { return function }
            guard name == "new" else { throw refuse(line, "\(n).\(name)", "\(n) defines no function \(name)") }
            let swift = lookup(n)!.swift
            guard let cls = classes[n], cls.initBody != nil else {
                if args.count == 1, case .table(let fields, _) = args[0], !fields.isEmpty,
                   fields.allSatisfy({ if case .named = $0 { return true }; return false }),
                   let cls = classes[n], let base = owner(of: cls.swiftName).api, let apiClass = api.cls(base) {
                    // `X.new{ title = "Signature" }`: the initialiser X inherits, then the properties.
                    return try initializer(apiClass, args, line: line, subclass: cls.swiftName)
                }
                if !args.isEmpty, let cls = classes[n], let inherited = try inheritedInitializer(cls, args, line: line) { return inherited }
                guard args.isEmpty else { throw refuse(line, "\(n).new with arguments", "\(n) has no init method to take them") }
                return Code(text: "\(swift)()", type: swift)
            }
            if let types = cls.initTypes {
                guard args.count == types.count else { throw refuse(line, "\(n).new with \(args.count) arguments", "its init takes \(types.count)") }
                let labels = cls.initLabels ?? types.map { _ in "_" }
                let parts = try zip(zip(args, types), labels).map { pair, label in
                    (label == "_" ? "" : label + ": ") + (try expr(pair.0, expected: pair.1).text)
                }
                return Code(text: "\(swift)(\(parts.joined(separator: ", ")))", type: swift)
            }
            let codes = try firstCallArguments(args, of: "\(n).new", parameters: "a Lua init's parameters", line: line)
            try translateInit(cls, codes.map { $0.type! }, line: line)
            return Code(text: "\(swift)(\(codes.map(\.text).joined(separator: ", ")))", type: swift)
        case .field(.name(let n, _), let name, _) where lookup(n) == nil && api.cls(n) != nil:
            let cls = api.cls(n)!
            if name == "new" { return try initializer(cls, args, line: line) }
            if let base = try baseImplementationCall(n, name, args, line: line) { return base }
            for c in api.lineage(n) {
                guard let f = c.functions.first(where: { $0.name == name }) else { continue }
                guard let d = f.swiftDeclaration ?? SwiftNames.declarations["\(c.name).\(name)"] else {
                    throw refuse(line, "\(c.name).\(name)", "it has no UIKit declaration (a Transit-only function)")
                }
                let (s, text) = try arguments(d, args, key: "\(c.name).\(name)", line: line)
                if s.keyword == "init" { return Code(text: "\(typeName(n))(\(text))", type: typeName(n)) }
                if s.baseName.hasPrefix("CA") || s.baseName.hasPrefix("CG") { return Code(text: "\(s.baseName)(\(text))", type: s.result) }
                return Code(text: "\(typeName(n)).\(s.baseName)(\(text))", type: s.result)
            }
            throw refuse(line, "\(n).\(name)", "\(n) has no class function \(name) in the API description")
        case .name(let n, _) where lookup(n) == nil && api.cls(n) != nil:
            return try initializer(api.cls(n)!, args, line: line)
        case .field(.name(let n, _), let name, _) where lookup(n) == nil && api.cls(n) == nil:
            throw refuse(line, "\(n).\(name)", n == "transit" ? Self.transitReason(name) : Self.globalReason(n))
        default:
            // What is called may itself be refused first (`load("...")()`).
            _ = try expr(function, expected: nil)
            throw refuse(line, "a call of \(describe(function))", "only the API's functions, methods and initialisers are translated")
        }
    }

    /// The arguments of the first call of a Lua function or init, which type its parameters (Lua
    /// declares none): each argument's Swift type, a number literal's waiting for its use in the
    /// body; an argument of no known type (or a type or closure) is refused.
    mutating func firstCallArguments(_ args: [LuaExpr], of callee: String, parameters: String, line: Int) throws -> [Code] {
        var codes: [Code] = []
        for a in args {
            if isNumberExpression(a) {
                let (_, type) = try literalWithPendingType(.number("0", line: line))
                codes.append(Code(text: try expr(a, expected: type).text, type: type))
                continue
            }
            let c = try expr(a, expected: nil)
            guard let t = c.type, !t.hasSuffix(".Type"), !SwiftType.isClosure(t) else {
                throw refuse(line, "the argument \(describe(a)) of \(callee)", "its Swift type is not known, and \(parameters) have none")
            }
            codes.append(c)
        }
        return codes
    }

    /// The Swift type of the literal a call of the file function `name` passes at `index` (the
    /// first such call's), for a parameter the first call leaves out.
    mutating func literalArgumentType(of name: String, at index: Int) throws -> String? {
        var found: LuaExpr?
        LuaWalk.expressions(in: chunk.block) { e in
            if found == nil, case .call(.name(let n, _), let args, _) = e, n == name, args.count > index { found = args[index] }
        }
        switch found {
        case .table(let fields, _)? where !fields.isEmpty && fields.allSatisfy({ if case .named = $0 { return true }; return false }):
            // A table of named fields (a record) that reads only the file's names: its struct.
            let saved = scopes
            scopes = [scopes[0]]
            defer { scopes = saved }
            guard let type = (try? expr(found!, expected: nil))?.type, Self.recordSite(type) != nil else { return nil }
            return type
        case .boolean?: return "Bool"
        case .string?: return "String"
        case let value? where isNumberExpression(value): return try literalWithPendingType(.number("0", line: value.line)).1
        default: return nil
        }
    }

    /// A call of a file-level local function; the first one types its parameters (a Lua function
    /// has no declared types) and translates it, the others are checked against it by swiftc.
    mutating func callFileFunction(_ name: String, _ args: [LuaExpr], line: Int) throws -> Code {
        guard var f = functions[name] else { throw refuse(line, name, "it is not a function of this file") }
        let args = droppingExtraArguments(args, parameters: f.body.parameters.count)
        if let types = f.parameterTypes {
            guard args.count == types.count || args.count < types.count && args.count >= (f.required ?? types.count) else {
                throw refuse(line, "\(name) called with \(args.count) arguments", "its first call gave it \(types.count); Lua fills or drops the others, Swift does not")
            }
            var parts: [String] = []
            for (index, (argument, type)) in zip(args, types).enumerated() {
                let c = try expr(argument, expected: type)
                // Two records passed as one parameter are one struct (LuaToSwiftStructs.swift).
                try uniteRecords(c.type, type, line: line)
                // A value that may be nil where the first call passed one that is not (Lua reads
                // nil in the function, which the Swift parameter cannot hold).
                if let t = c.type, let a = valueKind(t), let b = valueKind(type), a != b {
                    throw refuse(line, "the call \(name)(...)", "its argument \(index + 1) is \(a == "number" ? "a number" : "a " + SwiftType.unwrapped(t)) where the function's first call passed \(b == "number" ? "a number" : "a " + SwiftType.unwrapped(type)), and a Swift parameter has one type")
                }
                if let t = c.type, SwiftType.isOptional(t), !SwiftType.isOptional(type), !t.hasSuffix("!"), !Self.hasLateMark(type) {
                    let shown = Self.recordSite(type) != nil ? "a record (a struct)" : "a " + type
                    throw refuse(line, "the call \(name)(...)", "its argument \(index + 1) may be nil, where the function's first call passed \(shown) that may not, and a Swift parameter has one type")
                }
                parts.append(c.text)
            }
            return Code(text: "\(name)(\(parts.joined(separator: ", ")))", type: f.result)
        }
        guard args.count <= f.body.parameters.count else {
            throw refuse(line, "\(name) called with \(args.count) arguments", "it declares \(f.body.parameters.count); Lua evaluates and drops the others, Swift does not")
        }
        let codes = try firstCallArguments(args, of: name, parameters: "a Lua function's parameters", line: line)
        var types = codes.map { $0.type! }
        if args.count < f.body.parameters.count {
            // Lua passes nil for the others: optional parameters defaulting to nil, when the function
            // handles nil there and another call's literal argument types them.
            for (index, p) in f.body.parameters.enumerated().dropFirst(args.count) {
                if let why = Self.nilUse(f.body, p) {
                    throw refuse(line, "\(name) called with \(args.count) arguments", "it declares \(f.body.parameters.count) and Lua passes nil for \(p), which \(name) \(why); only a parameter it compares or tests for nil, and never assigns, becomes a Swift optional defaulting to nil")
                }
                guard let type = try literalArgumentType(of: name, at: index) else {
                    throw refuse(line, "\(name) called with \(args.count) arguments", "Lua passes nil for \(p), and no other call passes it a literal (a Bool, a string or a number) to give the Swift parameter its type")
                }
                types.append(Self.optional(type))
            }
            f.required = args.count
        }
        // The function's own translation: a scope of the file's names and its parameters.
        let saved = (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets)
        defer { (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets) = saved }
        scopes = [scopes[0], [:]]
        currentClass = nil
        for (parameter, type) in zip(f.body.parameters, types) {
            // `self` is Swift's keyword: a parameter Lua names so is named after its class.
            declare(parameter, Variable(swift: parameter == "self" ? selfLocalName(type) : parameter, type: type))
            nameRecord(type, priority: 0, line: f.line, parameter)
        }
        analyse(f.body)
        returnType = nil
        inferringResult = true
        f.parameterTypes = types
        functions[name] = f  // typed before its body, so a recursive call is checked against it
        let body = try functionBlock(f.body)
        let result = returnType ?? "Void"
        let required = f.required ?? types.count
        let parameters = zip(f.body.parameters, types).enumerated().map { index, pair in
            "_ \(pair.0 == "self" ? selfLocalName(pair.1) : pair.0): \(pair.1)" + (index >= required ? " = nil" : "")
        }.joined(separator: ", ")
        f.result = result
        // Called from UIKit's hooks, which run on the main actor, and calling UIKit: isolated to it.
        f.lines = ["@MainActor", "func \(name)(\(parameters))\(result == "Void" ? "" : " -> " + result) {"] + indent(body) + ["}"]
        functions[name] = f
        return Code(text: "\(name)(\(codes.map(\.text).joined(separator: ", ")))", type: result)
    }

    /// `function X:init(a, b)` as `init(_ a: A, _ b: B) { super.init() ... }`, for a class whose
    /// UIKit base is NSObject (whose one initialiser takes nothing).
    mutating func translateInit(_ cls: ClassInfo, _ types: [String], line: Int) throws {
        guard let (body, initLine, lead, slot) = cls.initBody else { return }
        guard body.parameters.count == types.count || baseWithInitializer(cls) != nil else {
            throw refuse(line, "\(cls.luaName).new with \(types.count) arguments", "its init declares \(body.parameters.count); Lua fills or drops the others, Swift does not")
        }
        // Over another UIKit class, `X.new(a, b)` makes the superclass's part from the same
        // arguments (its designated initialiser) before init runs: an override of it.
        var superInit: SwiftSignature?
        // A base with no initialiser of its own in the description (UIPercentDrivenInteractiveTransition)
        // has NSObject's init(), as in UIKit.
        if let base = baseWithInitializer(cls) {
            let candidates = api.lineage(base).compactMap { SwiftNames.initializers[$0.name] }.first ?? []
            guard let s = candidates.compactMap(SwiftSignature.init).first(where: { $0.parameters.count == body.parameters.count }) else {
                throw refuse(initLine, "\(cls.luaName):init", "no initialiser of \(base) takes its \(body.parameters.count) parameters, so \(cls.luaName).new has no Swift spelling")
            }
            superInit = s
        }
        if containsSuper(body.block) { throw refuse(initLine, "self.super in \(cls.luaName):init", "Transit's super calls are not translated") }
        let types = superInit.map { $0.parameters.map(\.type) } ?? types
        cls.initTypes = types
        cls.initLabels = superInit?.parameters.map(\.label)
        let saved = (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets)
        defer { (scopes, currentClass, reassigned, nilTested, assignedNil, returnType, inferringResult, mutatedFields, directFieldTargets) = saved }
        scopes = [scopes[0], ["self": Variable(swift: "self", type: cls.swiftName)]]
        currentClass = cls
        for (parameter, type) in zip(body.parameters, types) { declare(parameter, Variable(swift: parameter, type: type)) }
        analyse(body)
        returnType = nil
        inferringResult = false
        let lines = try functionBlock(body)
        if let superInit {
            let parameters = zip(body.parameters, superInit.parameters).map { name, p in
                "\(p.label == name ? name : p.label + " " + name): \(p.type)"
            }.joined(separator: ", ")
            let arguments = zip(body.parameters, superInit.parameters).map { name, p in p.label == "_" ? name : "\(p.label): \(name)" }
            cls.members[slot] = lead + ["override init(\(parameters)) {", "    super.init(\(arguments.joined(separator: ", ")))"] + indent(lines) + ["}"]
            return
        }
        let parameters = zip(body.parameters, types).map { "_ \($0): \($1)" }.joined(separator: ", ")
        // Lua's init runs on the made object: after the superclass's part, as super.init() first.
        let head = types.isEmpty ? "override init() {" : "init(\(parameters)) {"
        cls.members[slot] = lead + [head, "    super.init()"] + indent(lines) + ["}"]
    }

    /// The UIKit base of a Lua class when one of its ancestors declares an initialiser (other than
    /// NSObject's init()), so a Lua init overrides that one.
    func baseWithInitializer(_ cls: ClassInfo) -> String? {
        guard let base = owner(of: cls.swiftName).api, base != "NSObject",
              api.lineage(base).contains(where: { SwiftNames.initializers[$0.name] != nil }) else { return nil }
        return base
    }

    func containsSuper(_ block: [LuaStat]) -> Bool {
        var found = false
        func e(_ x: LuaExpr) {
            switch x {
            case .field(let o, let k, _): if k == "super" { found = true }; e(o)
            case .method(let o, _, let a, _): e(o); a.forEach(e)
            case .call(let f, let a, _): e(f); a.forEach(e)
            case .binary(_, let l, let r, _): e(l); e(r)
            case .unary(_, let i, _), .paren(let i, _): e(i)
            case .function(let b): v(b.block)
            default: break
            }
        }
        func v(_ b: [LuaStat]) {
            for st in b {
                switch st {
                case .call(let x, _): e(x)
                case .assign(let t, let vs, _): t.forEach(e); vs.forEach(e)
                case .local(_, let vs, _): vs.forEach(e)
                case .ifStat(let cs, let el, _, _): cs.forEach { e($0.0); v($0.1) }; if let el { v(el) }
                case .doBlock(let b, _), .whileLoop(_, let b, _), .numericFor(_, _, _, _, let b, _), .genericFor(_, _, let b, _): v(b)
                default: break
                }
            }
        }
        v(block)
        return found
    }

    /// `Class.new(...)`, or with `subclass` the Swift name of a Lua subclass of `cls` that inherits
    /// its initialisers (`YLSCheckoutSignatureController.new{ title = "Signature" }`).
    mutating func initializer(_ cls: APIClass, _ args: [LuaExpr], line: Int, subclass: String? = nil) throws -> Code {
        if subclass == nil, let action = try gestureRecognizerInit(cls, args, line: line) { return action }
        var declarations = SwiftNames.initializers[cls.name] ?? []
        let madeType = subclass ?? typeName(cls.name)
        if let d = SwiftNames.declarations["\(cls.name).new"] { declarations += d.split(separator: "\n").map(String.init) }
        if declarations.isEmpty {
            // A class that declares no initialiser has its superclass's, as Swift inherits them.
            declarations = api.lineage(cls.name).lazy.compactMap { SwiftNames.initializers[$0.name] }.first ?? []
        }
        // An object class also has NSObject's init() (`UIView.new()` is a view with a zero frame).
        if !cls.isValue { declarations.append("init()") }
        guard !declarations.isEmpty else { throw refuse(line, "\(cls.name)(...)", "its initialiser has no UIKit declaration") }
        if args.count == 1, case .table(let fields, _) = args[0], !fields.isEmpty,
           fields.allSatisfy({ if case .named = $0 { return true }; return false }) {
            let keys = fields.compactMap { if case .named(let k, _) = $0 { return k }; return nil }
            // A key names a parameter (`frame`) or its argument label (`ovalIn`, init(ovalIn rect:)'s).
            func key(_ p: SwiftParameter) -> String { keys.contains(p.name) || p.label == "_" ? p.name : p.label }
            let overloads = declarations.compactMap(SwiftSignature.init)
            let fits = overloads.filter { s in Set(keys).isSuperset(of: s.parameters.filter { !$0.hasDefault }.map(key)) }
            if !fits.contains(where: { Set($0.parameters.map(key)).isSuperset(of: keys) }),
               let s = fits.max(by: { $0.parameters.filter { keys.contains(key($0)) }.count < $1.parameters.filter { keys.contains(key($0)) }.count }) {
                // Transit's `Class.new{ initialiser arguments, then properties }`: the initialiser,
                // then each property set, in a closure called at once.
                let taken = Set(s.parameters.map(key))
                var initFields: [LuaField] = []
                var rest: [(String, LuaExpr)] = []
                for case .named(let k, let v) in fields {
                    if taken.contains(k) { initFields.append(.named(k, v)) } else { rest.append((k, v)) }
                }
                let made = lookup("instance") == nil ? "instance" : "madeInstance"
                let initText: String
                if initFields.isEmpty { initText = "\(madeType)()" } else {
                    let (_, text) = try arguments(declarations.joined(separator: "\n"), [.table(initFields, line: line)], key: "\(cls.name).new", line: line)
                    initText = "\(madeType)(\(text))"
                }
                var lines = ["{", "    let \(made) = \(initText)"]
                let receiver = Code(text: made, type: madeType)
                var font = try labelFont(cls, rest, receiver: made)
                for (k, v) in rest {
                    if let f = font, f.keys.contains(k) {
                        // Where the first of fontSize and fontWeight is.
                        lines.append("    " + f.line)
                        font = (f.line, [])
                        continue
                    }
                    if font?.keys.isEmpty == true, k == "fontSize" || k == "fontWeight" { continue }
                    if k == "name", api.lineage(cls.name).contains(where: { SwiftNames.transitOnlyProperties.contains("\($0.name).name") }) {
                        // Transit's label for a view in traces and reports; UIKit has none.
                        lines.append("    // Transit's name: \(luaLiteralText(v) ?? describe(v))")
                        continue
                    }
                    guard let member = try property(receiver, k, line: line), !member.readOnly else {
                        throw refuse(line, "the option \(k) of \(cls.name).new", "it is neither an argument of its initialiser nor a settable property")
                    }
                    let value = try expr(v, expected: member.code.type)
                    let valueLines = value.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    lines.append("    \(member.code.text) = \(valueLines[0])")
                    lines += valueLines.dropFirst().map { "    " + $0 }
                }
                lines += ["    return \(made)", "}()"]
                return Code(text: lines.joined(separator: "\n"), type: madeType)
            }
        }
        let (_, text) = try arguments(declarations.joined(separator: "\n"), args, key: "\(cls.name).new", line: line)
        return Code(text: "\(madeType)(\(text))", type: madeType)
    }
}
