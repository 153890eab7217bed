import Foundation

/// The bound API as the fuzzer sees it: classes with their constructors, methods and fields,
/// and the enumerations, read from the LuaLS definitions that the API description generates
/// (`transit api --luals`), so every member the description declares is fuzzed and none is
/// listed by hand.
struct FuzzAPI {
    struct Function {
        var name: String
        var isMethod: Bool
        var parameters: [(name: String, type: String)]
    }
    struct Field {
        var name: String
        var type: String
        var isReadOnly: Bool
        /// "name?" in the stubs: a key an options table may leave out.
        var isOptional = false
    }
    struct Class {
        var name: String
        var functions: [Function] = []
        var fields: [Field] = []
    }

    var classes: [Class] = []
    /// UIKit's free functions ("function UIGraphicsEndImageContext() end").
    var globals: [Function] = []
    var enumerations: [String: [String]] = [:]
    /// The options tables (`---@class (exact) UIView.AnimateOptions`): their keys, by class name.
    var optionTables: [String: [Field]] = [:]

    var memberCount: Int { classes.reduce(globals.count) { $0 + $1.functions.count + $1.fields.count } }

    init(luaLanguageServerDefinitions text: String) {
        var current: Class?
        var currentIsOptions = false
        var pendingParameters: [(String, String)] = []
        var alias: String?
        func flush() {
            if let current {
                if currentIsOptions { optionTables[current.name] = current.fields } else { classes.append(current) }
            }
            current = nil
            currentIsOptions = false
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(rawLine)
            if line.hasPrefix("---@alias ") {
                alias = String(line.dropFirst(10)).split(separator: " ").first.map(String.init)
                if let alias { enumerations[alias] = [] }
                continue
            }
            if let name = alias, line.hasPrefix("---| ") {
                let value = line.dropFirst(5).trimmingCharacters(in: .whitespaces)
                if value.hasPrefix("\""), let end = value.dropFirst().firstIndex(of: "\"") {
                    enumerations[name, default: []].append(String(value[value.index(after: value.startIndex)..<end]))
                }
                continue
            }
            alias = nil
            if line.hasPrefix("---@class ") {
                flush()
                var declaration = line.dropFirst(10)
                if declaration.hasPrefix("(exact) ") {
                    // An options table, not a class: the fuzzer fills it from its keys.
                    declaration = declaration.dropFirst(8)
                    currentIsOptions = true
                }
                let name = declaration.split(separator: " ").first.map(String.init) ?? ""
                current = Class(name: name.split(separator: ":").first.map(String.init) ?? name)
            } else if line.hasPrefix("---@field "), current != nil {
                let parts = line.dropFirst(10).split(separator: " ", maxSplits: 2).map(String.init)
                // A protocol's hook ("animateTransition? fun(self: ...)") is for scripts to
                // define, not a member to call or assign; "name?" marks an optional field.
                if parts.count >= 2, !parts[1].hasPrefix("fun(") {
                    let name = parts[0].hasSuffix("?") ? String(parts[0].dropLast()) : parts[0]
                    current!.fields.append(Field(name: name, type: parts[1], isReadOnly: line.contains("(read-only)"), isOptional: parts[0].hasSuffix("?")))
                }
            } else if line.hasPrefix("---@param ") {
                let parts = line.dropFirst(10).split(separator: " ", maxSplits: 2).map(String.init)
                if parts.count >= 2 { pendingParameters.append((parts[0], parts[1])) }
            } else if line.hasPrefix("function ") {
                // "function Class.name(a, b) end" or "function Class:name(a) end"
                let signature = line.dropFirst(9)
                guard let open = signature.firstIndex(of: "(") else { pendingParameters = []; continue }
                let qualified = String(signature[..<open])
                let isMethod = qualified.contains(":")
                let separator: Character = isMethod ? ":" : "."
                guard let split = qualified.lastIndex(of: separator) else {
                    globals.append(Function(name: qualified, isMethod: false, parameters: pendingParameters))
                    pendingParameters = []
                    continue
                }
                let owner = String(qualified[..<split])
                let name = String(qualified[qualified.index(after: split)...])
                let function = Function(name: name, isMethod: isMethod, parameters: pendingParameters)
                pendingParameters = []
                if current?.name == owner {
                    current!.functions.append(function)
                } else if let index = classes.firstIndex(where: { $0.name == owner }) {
                    classes[index].functions.append(function)
                } else {
                    // A namespace without its own @class line (transit.touch): its own entry.
                    flush()
                    classes.append(Class(name: owner, functions: [function]))
                }
            } else if line.isEmpty || line.hasPrefix("local ") {
                pendingParameters = []
            }
        }
        flush()
    }
}
