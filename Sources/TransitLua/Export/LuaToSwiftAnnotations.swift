import Foundation

// LuaLS annotations as declared types (docs/export.md, "Lua → Swift"). A function that nothing in
// the file calls (a setter only Transit's scene calls, a class function the seed's usage calls)
// has no call to type its parameters; the types its author declares for LuaLS, in `---@param`
// lines right above it, are its Swift parameters' types:
//
//     ---@param tabBarController UITabBarController
//     function SlideTransitionDelegate:setTabBarController(tabBarController)
//
// is `func setTabBarController(_ tabBarController: UITabBarController)`. The calls the file does
// make must agree with them, as with the types a first call gives. LuaLS reads the same lines, so
// an editor checks the scene's calls against them. A type is an API class, a class of the file,
// `string`, `boolean`, `integer`, `number` (its Swift number type given by its use in the body),
// any of them with `?` (nil allowed), or a table of named fields `{ total: string }`, a record
// (LuaToSwiftStructs.swift). The annotation lines themselves are not copied into the Swift as
// comments: they are its signature.

extension LuaToSwift {
    /// Whether a comment is a LuaLS annotation (`---@param ...`, `---@class ...`).
    static func isAnnotation(_ comment: LuaComment) -> Bool { !comment.trailing && comment.text.hasPrefix("-@") }

    /// The `---@param` annotations in the comment lines right above `line` (the function's
    /// definition), by parameter name, with the line each is on.
    func parameterAnnotations(above line: Int) -> [String: (type: String, line: Int)] {
        var out: [String: (type: String, line: Int)] = [:]
        var index = firstComment(atOrAfter: line) - 1
        var expected = line - 1
        while index >= 0, chunk.comments[index].endLine == expected, !chunk.comments[index].trailing {
            let comment = chunk.comments[index]
            if comment.text.hasPrefix("-@param ") {
                let rest = comment.text.dropFirst("-@param ".count).drop { $0 == " " }
                let name = String(rest.prefix { !$0.isWhitespace })
                let typeText = Self.annotationType(rest.dropFirst(name.count).drop { $0 == " " })
                if !name.isEmpty, !typeText.isEmpty, out[name] == nil { out[name] = (typeText, comment.line) }
            }
            expected = comment.line - 1
            index -= 1
        }
        return out
    }

    /// The type of an annotation: up to the first space outside brackets (`{ a: T }`,
    /// `fun(view: UIView)`, `table<K, V>`), the description after it left out.
    static func annotationType(_ text: Substring) -> String {
        var depth = 0
        var end = text.endIndex
        for i in text.indices {
            if "{(<[".contains(text[i]) { depth += 1 }
            if "})>]".contains(text[i]) { depth -= 1 }
            if text[i].isWhitespace, depth <= 0 {
                // `fun(...): T` goes on after its colon.
                if text[..<i].hasSuffix(":") { continue }
                end = i
                break
            }
        }
        return String(text[..<end])
    }

    /// The Swift types the annotations above a definition give its parameters, or nil when it has
    /// none; refused when some parameters have one and others not, or a type has no Swift spelling.
    mutating func annotatedParameters(_ body: LuaFunctionBody, line: Int, what: String) throws -> [String]? {
        guard !body.parameters.isEmpty else { return nil }
        let annotations = parameterAnnotations(above: line)
        guard !annotations.isEmpty else { return nil }
        var types: [String] = []
        for parameter in body.parameters {
            guard let annotation = annotations[parameter] else {
                throw refuse(line, "the parameter \(parameter) of \(what)", "the other parameters have a ---@param annotation and it has none, so it has no Swift type")
            }
            types.append(try swiftType(annotation: annotation.type, parameter: parameter, line: annotation.line))
        }
        return types
    }

    /// A LuaLS type as a Swift type.
    mutating func swiftType(annotation text: String, parameter: String, line: Int) throws -> String {
        var type = text.trimmingCharacters(in: .whitespaces)
        var optional = false
        if type.hasSuffix("|nil") { type.removeLast(4); optional = true }
        if type.hasSuffix("?") { type.removeLast(); optional = true }
        let swift: String
        switch type {
        case "string": swift = "String"
        case "boolean": swift = "Bool"
        case "integer": swift = "Int"
        case "number":
            guard !optional else {
                throw refuse(line, "the annotation ---@param \(parameter) \(text)", "an optional number's Swift type is not given by a use")
            }
            return CallableState.numberMarker
        default:
            if type.hasPrefix("{") && type.hasSuffix("}") {
                swift = try annotatedRecord(type, parameter: parameter, line: line)
            } else if let cls = classes[type] ?? classes.values.first(where: { $0.swiftName == type }) {
                swift = cls.swiftName
            } else if let cls = api.cls(type), !type.isEmpty {
                swift = typeName(cls.name)
            } else {
                throw refuse(line, "the annotation ---@param \(parameter) \(text)", "\(type) is not a type the exporter writes in Swift (an API class, a class of the file, string, boolean, integer, number, or a table of named fields)")
            }
        }
        return optional ? Self.optional(swift) : swift
    }
}
