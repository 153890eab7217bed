import CLua
import Foundation
import TransitCore

// Pretty printing of Lua values for the REPL: tables with depth and item limits and cycles
// marked, host objects and geometry values as one-liners. Tables are read raw (no __index,
// no __pairs), so looking at a value never runs the script's code; only a user metatable's
// own __tostring is called (protected), as lua.c's print would.

public struct InspectorLimits: Sendable {
    /// Nesting levels of tables shown; deeper tables print as `{…}`.
    public var depth = 3
    /// Entries shown per table; the rest are summarised as `… (N more)`.
    public var items = 24
    /// Characters of a string shown inside a table.
    public var stringLength = 200
    /// A table whose one-line form is longer than this prints one entry a line (top level only).
    public var lineWidth = 100
    public init() {}
}

extension LuaRuntime {
    /// The REPL's text for the value at `index`. Strings at the top level print as they are
    /// (as lua.c prints them); inside tables they are quoted.
    public func inspect(at index: Int32, limits: InspectorLimits = InspectorLimits()) -> String {
        var index = lua_absindex(L, index)
        if lua_type(L, index) == LUA_TSTRING { return string(at: index) ?? "" }
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        if pushPresentationValues(of: index) { index = lua_gettop(L) }
        var path: [UnsafeRawPointer] = []
        let inline = inspectValue(at: index, depth: 0, limits: limits, path: &path)
        guard lua_type(L, index) == LUA_TTABLE, inline.count > limits.lineWidth, inline.hasPrefix("{") else { return inline }
        // Long tables: one entry a line, nested values inline.
        path = [lua_topointer(L, index)!]
        let entries = tableEntries(at: index, depth: 0, limits: limits, path: &path)
        return "{\n" + entries.map { "  " + $0 + "," }.joined(separator: "\n") + "\n}"
    }

    /// Evaluates `source` (an expression) and inspects its value: for tests and tools.
    public func inspect(expression source: String, limits: InspectorLimits = InspectorLimits()) throws -> String {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let status = ("return " + source).withCString { transit_loadtext(L, $0, strlen($0), "=(inspect)") }
        guard status == LUA_OK else { throw ScriptError(string(at: -1) ?? "syntax error") }
        guard transit_pcall(L, 0, 1) == LUA_OK else { throw takeError() }
        return inspect(at: -1, limits: limits)
    }

    private func inspectValue(at index: Int32, depth: Int, limits: InspectorLimits, path: inout [UnsafeRawPointer]) -> String {
        switch lua_type(L, index) {
        case LUA_TNIL: return "nil"
        case LUA_TBOOLEAN: return lua_toboolean(L, index) != 0 ? "true" : "false"
        case LUA_TNUMBER: return describe(at: index)
        case LUA_TSTRING: return quoted(string(at: index) ?? "", limit: limits.stringLength)
        case LUA_TFUNCTION: return functionDescription(at: index)
        case LUA_TUSERDATA:
            if let object = object(at: index) { return Self.objectLine(object) }
            if objectClassName(at: index) != nil { return "<released object>" }
            return "<userdata>"
        case LUA_TTABLE: return tableDescription(at: index, depth: depth, limits: limits, path: &path)
        default: return "<\(String(cString: lua_typename(L, lua_type(L, index))))>"
        }
    }

    /// `<function fade.lua:12>`, `<function (builtin)>` for host and C functions.
    func functionDescription(at index: Int32) -> String {
        lua_pushvalue(L, index)
        var record = lua_Debug()
        guard lua_getinfo(L, ">S", &record) != 0 else { return "<function>" }
        if let what = record.what, String(cString: what) == "C" { return "<function (builtin)>" }
        let source = record.shortSource
        return "<function \(source):\(record.linedefined)>"
    }

    private func tableDescription(at index: Int32, depth: Int, limits: InspectorLimits, path: inout [UnsafeRawPointer]) -> String {
        if let value = boundValueDescription(at: index) { return value }
        if let cls = classDescription(at: index) { return cls }
        if pushPresentationValues(of: index) {
            defer { transit_pop(L, 1) }
            return tableDescription(at: lua_gettop(L), depth: depth, limits: limits, path: &path)
        }
        if lua_getmetatable(L, index) != 0 {
            lua_pushstring(L, "__tostring")
            let hasToString = lua_rawget(L, -2) != LUA_TNIL
            transit_pop(L, 2)
            if hasToString { return describe(at: index) }
        }
        guard let pointer = lua_topointer(L, index) else { return "{}" }
        if path.contains(pointer) { return "<cycle>" }
        if depth >= limits.depth { return isEmptyTable(at: index) ? "{}" : "{…}" }
        path.append(pointer)
        defer { path.removeLast() }
        let entries = tableEntries(at: index, depth: depth, limits: limits, path: &path)
        return entries.isEmpty ? "{}" : "{ " + entries.joined(separator: ", ") + " }"
    }

    /// `layer:presentation()` is a read-only proxy (writes raise): for printing, push the
    /// table of values behind it and return true; otherwise push nothing.
    private func pushPresentationValues(of index: Int32) -> Bool {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return false }
        lua_pushstring(L, "__name")
        let isProxy = lua_rawget(L, -2) == LUA_TSTRING && string(at: -1) == "CALayer.presentation"
        transit_pop(L, 1)
        guard isProxy else { transit_pop(L, 1); return false }
        lua_pushstring(L, "__index")
        guard lua_rawget(L, -2) == LUA_TTABLE else { transit_pop(L, 2); return false }
        transit_remove(L, -2)
        return true
    }

    private func isEmptyTable(at index: Int32) -> Bool {
        lua_pushnil(L)
        guard lua_next(L, index) != 0 else { return true }
        transit_pop(L, 2)
        return false
    }

    /// `key = value` texts in pairs() order (list items first, without keys), at most
    /// `limits.items`, then `… (N more)`.
    private func tableEntries(at index: Int32, depth: Int, limits: InspectorLimits, path: inout [UnsafeRawPointer]) -> [String] {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        // Collect keys raw; their values are read again by key when printed.
        lua_createtable(L, 0, 0)
        let keys = lua_gettop(L)
        var count: lua_Integer = 0
        var sortable: [(rank: Int, number: Double, text: String, slot: lua_Integer)] = []
        lua_pushnil(L)
        while lua_next(L, index) != 0 {
            transit_pop(L, 1)
            count += 1
            lua_pushvalue(L, -1)
            lua_rawseti(L, keys, count)
            switch lua_type(L, -1) {
            case LUA_TNUMBER: sortable.append((0, lua_tonumberx(L, -1, nil), "", count))
            case LUA_TSTRING: sortable.append((1, 0, string(at: -1) ?? "", count))
            case LUA_TBOOLEAN: sortable.append((2, lua_toboolean(L, -1) != 0 ? 1 : 0, "", count))
            default: sortable.append((3, Double(count), "", count))
            }
        }
        sortable.sort { a, b in
            if a.rank != b.rank { return a.rank < b.rank }
            if a.rank == 1 { return a.text < b.text }
            return a.number < b.number
        }
        var entries: [String] = []
        var nextListIndex = 1.0
        for (position, key) in sortable.enumerated() {
            if entries.count == limits.items {
                entries.append("… (\(sortable.count - position) more)")
                break
            }
            lua_rawgeti(L, keys, key.slot)
            let keyIndex = lua_gettop(L)
            lua_pushvalue(L, keyIndex)
            lua_rawget(L, index)
            let value = inspectValue(at: lua_gettop(L), depth: depth + 1, limits: limits, path: &path)
            if key.rank == 0, key.number == nextListIndex {
                entries.append(value)
                nextListIndex += 1
            } else {
                entries.append(keyText(at: keyIndex, limits: limits) + " = " + value)
            }
            lua_settop(L, keyIndex - 1)
        }
        return entries
    }

    private func keyText(at index: Int32, limits: InspectorLimits) -> String {
        if lua_type(L, index) == LUA_TSTRING, let text = string(at: index), Self.isIdentifier(text) { return text }
        var path: [UnsafeRawPointer] = []
        return "[" + inspectValue(at: index, depth: limits.depth, limits: limits, path: &path) + "]"
    }

    static let luaKeywords: Set<String> = ["and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto",
                                           "if", "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"]

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || (first.isASCII && CharacterSet.letters.contains(first)) else { return false }
        let valid = text.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && CharacterSet.alphanumerics.contains($0)) }
        return valid && !luaKeywords.contains(text)
    }

    /// A string as Lua source, shortened to `limit` characters.
    static func quote(_ text: String, limit: Int) -> String {
        var body = ""
        var shown = 0
        for character in text {
            if shown == limit { body += "…"; break }
            switch character {
            case "\"": body += "\\\""
            case "\\": body += "\\\\"
            case "\n": body += "\\n"
            case "\t": body += "\\t"
            case "\r": body += "\\r"
            default:
                if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1, scalar.value < 32 || scalar.value == 127 {
                    body += "\\\(scalar.value)"
                } else {
                    body.append(character)
                }
            }
            shown += 1
        }
        return "\"" + body + "\""
    }

    private func quoted(_ text: String, limit: Int) -> String { Self.quote(text, limit: limit) }

    /// CGRect(0, 247, 375, 420), UIColor(...): the bound value classes print as their tostring.
    private func boundValueDescription(at index: Int32) -> String? {
        guard let name = valueClassName(at: index) else { return nil }
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        lua_pushstring(L, name)
        lua_rawget(L, -2)
        lua_getmetatable(L, index)
        let isOurs = lua_rawequal(L, -1, -2) != 0
        transit_pop(L, 3)
        return isOurs ? describe(at: index) : nil
    }

    /// `<class Fade : NSObject>` for class tables (bound or made with `subclass`).
    private func classDescription(at index: Int32) -> String? {
        lua_pushstring(L, "__name")
        lua_rawget(L, index)
        let name = string(at: -1)
        transit_pop(L, 1)
        guard let name else { return nil }
        lua_pushstring(L, "__bound")
        lua_rawget(L, index)
        let isBound = lua_toboolean(L, -1) != 0
        transit_pop(L, 1)
        if isBound { return "<class \(name)>" }
        lua_pushstring(L, "super")
        lua_rawget(L, index)
        defer { transit_pop(L, 1) }
        guard lua_type(L, -1) == LUA_TTABLE else { return nil }
        lua_pushstring(L, "__name")
        lua_rawget(L, -2)
        let superName = string(at: -1) ?? "?"
        transit_pop(L, 1)
        return "<class \(name) : \(superName)>"
    }

    /// One line per host object: class and name, then what a transition changes.
    static func objectLine(_ object: AnyObject) -> String {
        if let view = object as? View {
            var line = "<\(view.traceName) frame=\(view.frame) alpha=\(formatNumber(view.alpha))"
            if view.isHidden { line += " hidden" }
            if view.superview == nil && !(view is Window) { line += " (not in a window)" }
            return line + ">"
        }
        if let layer = object as? Layer {
            let frame = Rect(x: layer.position.x - layer.anchorPoint.x * layer.bounds.width,
                             y: layer.position.y - layer.anchorPoint.y * layer.bounds.height,
                             width: layer.bounds.width, height: layer.bounds.height)
            return "<\(layer.traceName) frame=\(frame) opacity=\(formatNumber(layer.opacity))>"
        }
        if let controller = object as? ViewController {
            var line = "<\(controller.traceName)"
            if let view = controller.viewIfLoaded { line += " view.frame=\(view.frame)" } else { line += " (view not loaded)" }
            if let presenting = controller.presentingViewController { line += " presented by \(presenting.traceName)" }
            if let presented = controller.presentedViewController { line += " presenting \(presented.traceName)" }
            if controller.isBeingPresented { line += " (being presented)" }
            if controller.isBeingDismissed { line += " (being dismissed)" }
            return line + ">"
        }
        return TransitAPI.describe(object)
    }
}
