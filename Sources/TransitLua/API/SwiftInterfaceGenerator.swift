import Foundation

// `transit api --swift-interface`: a Swift module named UIKit, printed from the API description,
// that declares what Transit binds with UIKit's Swift declarations (docs/export.md). It exists so
// Swift translated from a Lua effect can be type-checked on Linux (`swiftc -typecheck -I DIR`)
// against the API the effect used; it implements nothing. Each member is its SDK declaration
// followed by a stub body (`{ fatalError() }`, `{ get { fatalError() } }`), since a Swift source
// module must have bodies.
//
// Where the declaration comes from, per member:
// - methods and class functions: SwiftNames.declarations (a test checks them against Apple's pages);
// - hooks: the `swift:` declaration of the hook (Protocols.swift and the Bindings files);
// - properties: SwiftNames.properties, else `var name: Type` from the Lua type (`derived`);
// - enumerations: SwiftNames.enumerations gives the Swift type, the description its cases.
// What Linux's Foundation already has (CGRect, CGPoint, CGSize, NSObject, IndexPath, Timer,
// DispatchQueue, RunLoop) is not declared again; the CoreGraphics and QuartzCore types it lacks are.

extension APIDescription {
    public var swiftInterface: String { SwiftInterfaceGenerator(api: self).text }

    /// How many members the interface declares, and how many of them from a written declaration.
    public var swiftInterfaceCounts: SwiftInterfaceGenerator.Counts {
        var generator = SwiftInterfaceGenerator(api: self)
        _ = generator.render()
        return generator.counts
    }
}

public struct SwiftInterfaceGenerator {
    public struct Counts: Equatable {
        public var classes = 0, protocols = 0, structs = 0, enums = 0
        public var methods = 0, properties = 0, hooks = 0
        /// Members whose declaration is written out (the rest are derived from their Lua types).
        public var written = 0, derived = 0
        public var derivedMembers: [String] = []
    }

    let api: APIDescription
    var counts = Counts()

    init(api: APIDescription) { self.api = api }

    var text: String {
        var copy = self
        return copy.render()
    }

    // MARK: - Names

    /// Transit's class names that UIKit spells otherwise.
    static let typeNames: [String: String] = [
        "UISheetPresentationControllerDetent": "UISheetPresentationController.Detent",
        "UIViewControllerContextTransitioningIOS7": "UIViewControllerContextTransitioning",
    ]

    /// Bound classes that are protocols in UIKit (a context object the engine hands over).
    static let protocolClasses: Set<String> = [
        "UIViewControllerContextTransitioning", "UIViewControllerTransitionCoordinator",
        "UISheetPresentationControllerDetentResolutionContext",
    ]

    /// Classes Linux's Foundation and Dispatch declare already: only what they lack is added.
    static let foundationClasses: Set<String> = ["NSObject", "CGRect", "CGPoint", "CGSize", "IndexPath", "DispatchTime",
                                                 "DispatchQueue", "RunLoop", "Timer"]

    /// Members Foundation declares on those classes (their UIKit declarations would collide).
    static let foundationMembers: Set<String> = [
        "NSObject.isKind", "NSObject.isMember",
        "CGRect.new", "CGRect.offsetBy", "CGRect.insetBy", "CGRect.contains", "CGRect.intersects", "CGRect.union", "CGRect.equalTo",
        "CGPoint.new", "CGPoint.equalTo", "CGSize.new", "CGSize.equalTo",
        "DispatchTime.now", "DispatchQueue.async", "DispatchQueue.asyncAfter", "Timer.scheduledTimer", "Timer.invalidate", "Timer.fire",
        "CGRect.zero", "CGPoint.zero", "CGSize.zero", "CGRect.null", "CGRect.infinite",
        "DispatchQueue.main", "RunLoop.main", "RunLoop.current", "Timer.fireDate", "Timer.isValid", "Timer.timeInterval",
    ]

    /// Classes with no UIKit counterpart.
    static let skippedClasses: Set<String> = ["transit", "UIViewControllerContextTransitioningIOS7"]

    /// Value classes that are structs in Swift (the others, UIColor and the like, are classes).
    static let structValues: Set<String> = ["CGVector", "CGAffineTransform", "CATransform3D", "UIEdgeInsets",
                                            "NSDirectionalEdgeInsets", "UILayoutPriority", "CGRect", "CGPoint", "CGSize",
                                            "IndexPath", "DispatchTime"]

    /// UIKit's superclass where Transit's model skips a level (UIResponder, UIControl).
    static let superclasses: [String: String] = [
        "UIView": "UIResponder", "UIViewController": "UIResponder", "UIApplication": "UIResponder", "UIButton": "UIControl",
        "CAShapeLayer": "CALayer", "UIWindow": "UIView", "UIBlurEffect": "UIVisualEffect",
    ]

    /// Generic classes: the anchors are `NSLayoutAnchor<AnchorType>`.
    static let classHeaders: [String: String] = [
        "NSLayoutAnchor": "open class NSLayoutAnchor<AnchorType>: NSObject where AnchorType: AnyObject",
        "NSLayoutXAxisAnchor": "open class NSLayoutXAxisAnchor: NSLayoutAnchor<NSLayoutXAxisAnchor>",
        "NSLayoutYAxisAnchor": "open class NSLayoutYAxisAnchor: NSLayoutAnchor<NSLayoutYAxisAnchor>",
        "NSLayoutDimension": "open class NSLayoutDimension: NSLayoutAnchor<NSLayoutDimension>",
    ]

    /// Protocols a class adopts in UIKit that the interface's declarations rely on.
    static let conformances: [String: [String]] = [
        "UIView": ["UIDynamicItem"], "UIViewController": ["UIContentContainer"],
        "UIPresentationController": ["UIContentContainer"],
        "UIPercentDrivenInteractiveTransition": ["UIViewControllerInteractiveTransitioning"],
        "UISpringTimingParameters": ["UITimingCurveProvider"], "UIViewPropertyAnimator": ["UIViewImplicitlyAnimating"],
        "CAAnimation": ["CAMediaTiming"],
        // UIView's `@NSCopying var backgroundColor: UIColor?` needs it.
        "UIColor": ["NSCopying"],
    ]

    func swiftTypeName(_ name: String) -> String {
        if let enumeration = SwiftNames.enumerations[name] { return enumeration.type }
        return Self.typeNames[name] ?? name
    }

    func isProtocol(_ name: String) -> Bool {
        Self.protocolClasses.contains(name) || api.protocolNamed(name) != nil || SwiftInterfaceSupport.protocolNames.contains(name)
    }

    /// The Swift type of a Lua-typed value, for members with no written declaration.
    func swiftType(_ type: APIType) -> String {
        switch type {
        case .number: return "CGFloat"
        case .integer: return "Int"
        case .boolean: return "Bool"
        case .string: return "String"
        case .function: return "() -> Void"
        case .table, .options: return "[String: Any]"
        case .any: return "Any?"
        case .value(let name), .object(let name), .enumeration(let name):
            let swift = swiftTypeName(name)
            return isProtocol(name) ? "any \(swift)" : swift
        case .protocol(let name): return "any \(swiftTypeName(name))"
        case .optional(let inner):
            if case .any = inner { return "Any?" }
            let swift = swiftType(inner)
            return swift.hasPrefix("any ") || swift.contains("->") ? "(\(swift))?" : swift + "?"
        case .list(let inner): return "[\(swiftType(inner))]"
        case .union: return "Any"
        }
    }

    /// `func name(label name: Type, ...) -> Result` from a selector-like name and the Lua parameters.
    func derivedDeclaration(_ function: APIFunction, isStatic: Bool) -> String {
        let name = function.swiftName ?? function.name
        if SwiftDeclaration.keyword(of: name) != nil { return name }
        let base = name.prefix { $0 != "(" }
        let labels = name.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ":", omittingEmptySubsequences: false).dropLast()
        var parameters: [String] = []
        for (index, label) in labels.enumerated() {
            let parameter = index < function.parameters.count ? function.parameters[index] : nil
            let type = parameter.map { swiftType($0.type) } ?? "Any"
            let local = parameter?.name ?? "value\(index)"
            let localName = local == "in" || local == "for" || local == "with" || local == "default" ? "`\(local)`" : local
            parameters.append(String(label) == localName ? "\(label): \(type)" : "\(label) \(localName): \(type)")
        }
        let result = function.returns.map { " -> \(swiftType($0))" } ?? ""
        let keyword = base == "init" ? "init" : "func \(base)"
        return (isStatic && base != "init" ? "class " : "") + "\(keyword)(\(parameters.joined(separator: ", ")))\(base == "init" ? "" : result)"
    }

    // MARK: - Printing a member

    enum Container { case classType, structType, protocolType, extensionOfClass, extensionOfStruct }

    /// One member: the declaration (its attributes first, then the access modifier), then a stub body.
    func member(_ declaration: String, in container: Container, overriding: Bool) -> String {
        let (prefix, rest) = SwiftDeclaration.core(declaration)
        let attributes = prefix.filter { $0.hasPrefix("@") }
        var modifiers = prefix.filter { !$0.hasPrefix("@") && $0 != "optional" }
        let isProperty = rest.hasPrefix("var ") || rest.hasPrefix("let ")
        if container == .protocolType {
            // A protocol requirement cannot have default arguments (the SDK's come from its overlay).
            var line = (attributes + modifiers + [rest]).joined(separator: " ")
                .replacingOccurrences(of: " = nil", with: "").replacingOccurrences(of: " = []", with: "")
            if isProperty && !line.hasSuffix("}") { line += " { get }" }
            return line
        }
        let isStruct = container == .structType || container == .extensionOfStruct
        if isStruct, let index = modifiers.firstIndex(of: "class") { modifiers[index] = "static" }
        // `open` lets a translated effect subclass and override; initialisers and static members cannot be.
        var access = "public"
        if container == .classType && !rest.hasPrefix("init") && !modifiers.contains("static") { access = "open" }
        if overriding && !isStruct { modifiers.insert("override", at: 0) }
        var body: String
        var head = rest
        if isProperty {
            if head.hasPrefix("let ") { head = "var " + head.dropFirst(4) }
            if head.hasSuffix(" { get }") {
                head = String(head.dropLast(" { get }".count)); body = " { get { fatalError() } }"
            } else if head.hasSuffix(" { get set }") {
                head = String(head.dropLast(" { get set }".count)); body = " { get { fatalError() } set { } }"
            } else {
                body = rest.hasPrefix("let ") ? " { get { fatalError() } }" : " { get { fatalError() } set { } }"
            }
            if rest.hasPrefix("let ") {
                // A constant keeps `let`: a lazily built value that is never built.
                head = rest; body = " = { fatalError() }()"
            } else if attributes.contains("@NSCopying") {
                // `@NSCopying` is only valid on a stored property: one whose value is never built.
                body = " = { fatalError() }()"
            }
        } else {
            body = " { fatalError() }"
        }
        return (attributes + [access] + modifiers + [head]).joined(separator: " ") + body
    }

    // MARK: - The module

    mutating func render() -> String {
        counts = Counts()
        var out: [String] = [
            "// The module UIKit as Transit provides it, generated by `transit api --swift-interface` from Transit's API",
            "// description. It is a type-checking interface, not an implementation: every body is a `fatalError()`",
            "// stub, so Swift written against it can be checked with `swiftc -typecheck` on Linux, never run.",
            "// Each member is UIKit's Swift declaration (Apple's documentation) followed by its stub body. An",
            "// `optional` protocol requirement is a requirement with a default implementation here, since Swift on",
            "// Linux has no @objc protocols. Do not edit: regenerate.",
            "",
            "@_exported import Foundation",
            "",
        ]
        out.append(SwiftInterfaceSupport.declarations)
        // Enumerations.
        for e in api.enums {
            // RunLoop.Mode is Foundation's.
            guard let swift = SwiftNames.enumerations[e.name], swift.type != "RunLoop.Mode" else { continue }
            out.append(contentsOf: enumeration(e, swift))
            counts.enums += 1
        }
        // Protocols scripts implement.
        for proto in api.protocols {
            out.append(contentsOf: protocolDeclaration(name: proto.name, inherits: SwiftNames.protocolInheritance[proto.name] ?? ["NSObjectProtocol"],
                                                       members: proto.hooks.map { ($0, hookDeclaration($0)) }))
            counts.protocols += 1
        }
        // Classes and values.
        for cls in api.classes where !Self.skippedClasses.contains(cls.name) {
            out.append(contentsOf: classDeclaration(cls))
        }
        // Free functions (Core Animation's C functions, UIKit's globals).
        for function in freeFunctions {
            out.append(member(function, in: .extensionOfStruct, overriding: false))
        }
        out.append("")
        return out.joined(separator: "\n")
    }

    /// Declarations that are free functions in Swift (CATransform3DMakeRotation): written on their
    /// class in Lua, they print at the top level.
    var freeFunctions: [String] {
        var result: [String] = []
        for cls in api.classes {
            for function in cls.functions + cls.methods {
                guard let declaration = function.swiftDeclaration else { continue }
                for overload in SwiftDeclaration(declaration).overloads where SwiftDeclaration.core(overload).rest.hasPrefix("func CA") ||
                    SwiftDeclaration.core(overload).rest.hasPrefix("func UIGraphics") {
                    result.append(overload)
                }
            }
        }
        return result
    }

    func hookDeclaration(_ hook: APIFunction) -> String {
        hook.swiftDeclaration ?? derivedDeclaration(hook, isStatic: false)
    }

    mutating func protocolDeclaration(name: String, inherits: [String], members: [(APIFunction?, String)]) -> [String] {
        var out = ["@MainActor public protocol \(swiftTypeName(name)): \(inherits.joined(separator: ", ")) {"]
        var defaults: [String] = []
        var seen: Set<String> = []
        for (function, declaration) in members {
            for overload in SwiftDeclaration(declaration).overloads {
                guard seen.insert(overload).inserted else { continue }
                let isOptional = SwiftDeclaration.core(overload).prefix.contains("optional") || (function.map { $0.kind == .hook && !$0.isRequired } ?? false)
                if isOptional {
                    out.append("    // optional in UIKit: the default below stands in for an @objc optional requirement")
                    defaults.append("    " + member(overload, in: .extensionOfClass, overriding: false))
                }
                out.append("    " + member(overload, in: .protocolType, overriding: false))
                count(function, overload)
            }
        }
        out.append("}")
        if !defaults.isEmpty {
            out.append("extension \(swiftTypeName(name)) {")
            out.append(contentsOf: defaults)
            out.append("}")
        }
        out.append("")
        return out
    }

    /// Counts a printed member: derived when its text came from Lua types rather than a written declaration.
    mutating func count(_ function: APIFunction?, _ declaration: String, property: Bool = false, derived: Bool = false, key: String = "") {
        if property { counts.properties += 1 } else if function?.kind == .hook { counts.hooks += 1 } else { counts.methods += 1 }
        let fromLuaTypes = derived || SwiftDeclaration.keyword(of: declaration) == nil
            || (!property && function != nil && function?.swiftDeclaration == nil)
        if fromLuaTypes {
            counts.derived += 1
            counts.derivedMembers.append(key.isEmpty ? declaration : key)
        } else {
            counts.written += 1
        }
    }

    /// A property declaration's name ("delegate") and type ("(any UIScrollViewDelegate)?").
    func propertyName(_ declaration: String) -> String {
        let rest = SwiftDeclaration.core(declaration).rest.dropFirst(4)
        return String(rest.prefix { $0 != ":" })
    }

    func propertyType(_ declaration: String) -> String {
        let rest = SwiftDeclaration.core(declaration).rest
        guard let colon = rest.firstIndex(of: ":") else { return "" }
        var type = rest[rest.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        for accessors in [" { get }", " { get set }"] where type.hasSuffix(accessors) { type = String(type.dropLast(accessors.count)) }
        if let equals = type.range(of: " = ") { type = String(type[..<equals.lowerBound]) }
        return type
    }

    /// The instance properties of the class's bound ancestors, by name, with their types.
    func inheritedPropertyTypes(_ cls: APIClass) -> [String: String] {
        var result: [String: String] = [:]
        var current = cls.superclass.flatMap { api.cls($0) }
        while let c = current {
            for (declaration, info) in memberDeclarations(c) where SwiftDeclaration.keyword(of: declaration) == "var" && !info.derived {
                let prefix = SwiftDeclaration.core(declaration).prefix
                if prefix.contains("class") || prefix.contains("static") { continue }
                let name = propertyName(declaration)
                if result[name] == nil { result[name] = propertyType(declaration) }
            }
            current = c.superclass.flatMap { api.cls($0) }
        }
        return result
    }

    /// Members of the class's ancestors, by name, to mark redeclarations `override`.
    func inheritedNames(_ cls: APIClass) -> Set<String> {
        var names: Set<String> = []
        // Transit's own superclass chain: UIKit's extra levels (UIResponder, UIControl) declare nothing bound.
        var current = cls.superclass.flatMap { api.cls($0) }
        while let c = current {
            for (declaration, _) in memberDeclarations(c) { names.insert(SwiftDeclaration.name(of: declaration)) }
            if c.name == "NSObject" { break }
            current = c.superclass.flatMap { api.cls($0) }
        }
        names.formUnion(SwiftInterfaceSupport.inheritedFromSupport[cls.name] ?? [])
        names.formUnion(["copy()", "isKind(of:)", "isMember(of:)", "var description: String", "var hash: Int"])
        return names
    }

    /// Every member declaration of a class, with whether it was derived (and the key it is known by).
    func memberDeclarations(_ cls: APIClass) -> [(String, (function: APIFunction?, derived: Bool, property: Bool, key: String))] {
        var result: [(String, (function: APIFunction?, derived: Bool, property: Bool, key: String))] = []
        let isStruct = Self.structValues.contains(cls.name)
        let stored = Set((SwiftInterfaceSupport.storage[cls.name] ?? []).map { SwiftDeclaration.name(of: $0).split(separator: ":")[0].dropFirst(4) }.map(String.init))
        for property in cls.properties where !Self.foundationMembers.contains("\(cls.name).\(property.name)") {
            if property.name == "super" || stored.contains(property.name) || SwiftNames.transitOnlyProperties.contains("\(cls.name).\(property.name)") { continue }
            // A nested class's table (`UISheetPresentationController.Detent`) is a type, not a property.
            if case .table = property.type, property.name.first?.isUppercase == true { continue }
            let key = "\(cls.name).\(property.name)"
            if let declaration = property.swiftDeclaration {
                result.append((declaration, (nil, false, true, key)))
            } else {
                let declaration = "var \(property.name): \(swiftType(property.type))" + (property.isReadOnly ? " { get }" : " { get set }")
                result.append((declaration, (nil, true, true, key)))
            }
        }
        for constant in cls.constants where !Self.foundationMembers.contains("\(cls.name).\(constant.name)") {
            if case .table = constant.type, constant.name.first?.isUppercase == true { continue }
            if SwiftNames.transitOnlyProperties.contains("\(cls.name).\(constant.name)") { continue }
            let key = "\(cls.name).\(constant.name)"
            if let declaration = SwiftNames.properties[key] {
                result.append((declaration, (nil, false, true, key)))
            } else {
                result.append(("\(isStruct ? "static" : "class") var \(constant.name): \(swiftType(constant.type)) { get }", (nil, true, true, key)))
            }
        }
        for initializer in SwiftNames.initializers[cls.name] ?? [] {
            result.append((initializer, (nil, false, false, "\(cls.name).new")))
        }
        for (function, isStatic) in cls.functions.map({ ($0, true) }) + cls.methods.map({ ($0, false) }) + cls.hooks.map({ ($0, false) }) {
            let key = "\(cls.name).\(function.name)"
            if Self.foundationMembers.contains(key) || SwiftNames.transitOnly.contains(key) { continue }
            if function.name == "subclass" || function.name == "deinit" { continue }
            if function.name == "new" && function.swiftName == nil { continue }
            if let declaration = function.swiftDeclaration {
                for overload in SwiftDeclaration(declaration).overloads {
                    let rest = SwiftDeclaration.core(overload).rest
                    if rest.hasPrefix("func CA") || rest.hasPrefix("func UIGraphics") { continue }
                    result.append((overload, (function, false, false, key)))
                }
            } else {
                result.append((derivedDeclaration(function, isStatic: isStatic), (function, true, false, key)))
            }
        }
        return result
    }

    mutating func classDeclaration(_ cls: APIClass) -> [String] {
        let swiftName = swiftTypeName(cls.name)
        let members = memberDeclarations(cls)
        let isFoundation = Self.foundationClasses.contains(cls.name)
        let isStruct = Self.structValues.contains(cls.name)
        if Self.protocolClasses.contains(cls.name) {
            counts.protocols += 1
            let inherits = SwiftNames.protocolInheritance[cls.name] ?? ["NSObjectProtocol"]
            return protocolDeclaration(name: cls.name, inherits: inherits, members: members.map { ($0.1.function, $0.0) })
        }
        var out: [String] = []
        let container: Container
        var nested = swiftName.contains(".")
        var opening: String
        let shortName = String(swiftName.split(separator: ".").last!)
        if isFoundation {
            container = isStruct ? .extensionOfStruct : .extensionOfClass
            opening = "extension \(swiftName) {"
            nested = false
        } else if isStruct {
            container = .structType
            opening = "public struct \(shortName): \(SwiftNames.structConformances[cls.name] ?? "Equatable, Sendable") {"
            counts.structs += 1
        } else {
            container = .classType
            var inherits = [Self.superclasses[cls.name] ?? cls.superclass ?? "NSObject"]
            inherits += Self.conformances[cls.name] ?? []
            let mainActor = SwiftNames.nonisolatedClasses.contains(cls.name) ? "" : "@MainActor "
            opening = "\(mainActor)open class \(shortName): \(inherits.joined(separator: ", ")) {"
            if let header = Self.classHeaders[cls.name] { opening = header + " {" }
            counts.classes += 1
        }
        if nested {
            let outer = swiftName.split(separator: ".").dropLast().joined(separator: ".")
            out.append("extension \(outer) {")
        }
        out.append(opening)
        if isStruct && !isFoundation, let storage = SwiftInterfaceSupport.storage[cls.name] {
            out.append(contentsOf: storage.map { "    " + $0 })
        }
        let inherited = isFoundation ? [] : inheritedNames(cls)
        if !isStruct && !isFoundation && SwiftNames.initializers[cls.name] != nil {
            // A designated initialiser hides NSObject's init(), which UIKit's classes keep.
            out.append("    public override init() { fatalError() }")
        }
        var seen: Set<String> = []
        let ordered = members.filter { !$0.1.derived } + members.filter { $0.1.derived }
        let inheritedProperties = isFoundation ? [:] : inheritedPropertyTypes(cls)
        for (declaration, info) in ordered {
            let name = SwiftDeclaration.name(of: declaration)
            let key = SwiftDeclaration.keyword(of: declaration) == "var" ? propertyName(declaration) : name
            guard seen.insert(key).inserted else { continue }
            if let inheritedType = inheritedProperties[key], inheritedType != propertyType(declaration) {
                // UIKit narrows an inherited property's type here (Objective-C allows it; Swift does not).
                out.append("    // UIKit: \(declaration) (narrows \(inheritedType); the inherited declaration stands)")
                continue
            }
            out.append("    " + member(declaration, in: container, overriding: inherited.contains(name) || inheritedProperties[key] != nil))
            count(info.function, declaration, property: info.property || SwiftDeclaration.keyword(of: declaration) == "var", derived: info.derived, key: info.key)
        }
        out.append("}")
        if nested { out.append("}") }
        out.append("")
        return out
    }

    func enumeration(_ e: APIEnum, _ swift: SwiftNames.Enumeration) -> [String] {
        let path = swift.type.split(separator: ".")
        let short = String(path.last!)
        let outer = path.dropLast().joined(separator: ".")
        var out: [String] = []
        func escaped(_ name: String) -> String { ["default", "repeat", "in", "none"].contains(name) && swift.kind != .optionSet || ["default", "repeat"].contains(name) ? "`\(name)`" : name }
        let cases = swift.cases ?? e.cases
        switch swift.kind {
        case .intEnum:
            out.append("public enum \(short): Int, Sendable {")
            for (index, c) in cases.enumerated() { out.append("    case \(escaped(c)) = \(swift.rawValues?[index] ?? index)") }
        case .optionSet:
            // The bits are the cases' order, not the SDK's: nothing reads them in a type-checking interface.
            out.append("public struct \(short): OptionSet, Sendable {")
            out.append("    public let rawValue: UInt")
            out.append("    public init(rawValue: UInt) { self.rawValue = rawValue }")
            for (index, c) in cases.enumerated() { out.append("    public static let \(escaped(c)) = \(short)(rawValue: 1 << \(index))") }
        case .stringStruct:
            out.append("public struct \(short): Hashable, RawRepresentable, Sendable {")
            out.append("    public let rawValue: String")
            out.append("    public init(rawValue: String) { self.rawValue = rawValue }")
            for c in cases { out.append("    public static let \(escaped(c)) = \(short)(rawValue: \"\(c)\")") }
        }
        out.append("}")
        if !outer.isEmpty {
            out = ["extension \(outer) {"] + out.map { "    " + $0 } + ["}"]
        }
        // UITransitionContextKey is two types in Swift: the view keys and the view controller keys.
        for alias in swift.alsoAs {
            out.append("public struct \(alias): Hashable, RawRepresentable, Sendable {")
            out.append("    public let rawValue: String")
            out.append("    public init(rawValue: String) { self.rawValue = rawValue }")
            for c in cases { out.append("    public static let \(escaped(c)) = \(alias)(rawValue: \"\(c)\")") }
            out.append("}")
        }
        out.append("")
        return out
    }
}
