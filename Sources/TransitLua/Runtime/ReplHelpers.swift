import CLua
import Foundation
import TransitCore

// The REPL's helpers: global functions a person types at the prompt (present, dismiss, step,
// seek, now, tree, trace, reload, help; the tool adds show and render, which need the
// rasterizer). They are not part of the scripting API: scenes and effects never see them.

/// A value passed to or returned from a helper the tool defines in Swift.
public enum ReplValue: Equatable {
    case none
    case boolean(Bool)
    case number(Double)
    case string(String)
    /// Anything else, by its type name ("table", "UIView", ...).
    case other(String)

    /// What messages call it: "nil", "number", "UIView", ...
    public var typeName: String {
        switch self {
        case .none: return "nil"
        case .boolean: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .other(let name): return name
        }
    }
}

/// A helper written in Swift: its name, one line for help(), and its body.
public struct ReplFunction {
    public var name: String
    public var usage: String
    public var summary: String
    public var body: ([ReplValue]) throws -> ReplValue
    public init(name: String, usage: String, summary: String, body: @escaping ([ReplValue]) throws -> ReplValue) {
        self.name = name; self.usage = usage; self.summary = summary; self.body = body
    }
}

extension LuaRuntime {
    /// The helpers every REPL has, in help()'s order (the tool's own are added after them).
    static let builtinReplHelp: [(usage: String, summary: String)] = [
        ("present(effect?, {wait=true})", "presents a new Message screen from the Inbox with the effect (default: the FILE's), waits until the transition ends unless wait=false; returns the presented controller"),
        ("dismiss({wait=true})", "dismisses the presented screen, waiting until the transition ends unless wait=false"),
        ("step(dt)", "lets dt seconds of virtual time pass (animations, completions, transitions)"),
        ("seek(t)", "lets virtual time pass up to t (t ≥ now())"),
        ("now()", "the virtual time in seconds"),
        ("tree(view?)", "prints the view hierarchy (from view, or a controller's view; default the window): each view's frame, and its frame and alpha on screen when an animation makes them differ"),
        ("dir(x)", "lists an object's properties (with their values where reading has no side effect), methods and hooks, or a table's keys and values"),
        ("trace(filter?)", "prints the trace so far (calls into scripts, host events, notes), or only lines containing filter"),
        ("reload(path?)", "runs the effect file (or path) again and patches its new methods into the live classes and objects"),
    ]

    /// Installs the helpers as globals. `effectFile` is what reload() reloads by default;
    /// `extra` are the tool's helpers (show, render).
    public func installReplHelpers(effectFile: URL?, extra: [ReplFunction]) throws {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        let help = Self.builtinReplHelp + extra.map { ($0.usage, $0.summary) } + [("help()", "this list")]
        let width = help.map(\.usage.count).max() ?? 0
        let helpText = help.map { $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary }
            .joined(separator: "\n")
        var functions: [ReplFunction] = [
            ReplFunction(name: "startTransitions", usage: "", summary: "") { [unowned self] _ in
                try self.world.drain()
                return .none
            },
            ReplFunction(name: "finishTransitions", usage: "", summary: "") { [unowned self] _ in
                .boolean(try self.finishTransitions())
            },
            // A line to the REPL's output (where tree() writes), for the helpers written in Lua.
            ReplFunction(name: "say", usage: "", summary: "") { [unowned self] arguments in
                if case .string(let line)? = arguments.first { self.output(line) }
                return .none
            },
            ReplFunction(name: "reload", usage: "", summary: "") { [unowned self] arguments in
                self.reloadFromPrompt(arguments.first, defaultFile: effectFile)
                return .none
            },
        ]
        functions += extra
        lua_createtable(L, 0, Int32(functions.count + 2))
        for function in functions {
            pushReplFunction(function)
            lua_setfield(L, -2, function.name)
        }
        pushHostFunction(treeDeclaration, owner: nil, qualifiedName: "tree")
        lua_setfield(L, -2, "tree")
        pushHostFunction(membersDeclaration, owner: nil, qualifiedName: "dir")
        lua_setfield(L, -2, "members")
        lua_pushstring(L, helpText)
        lua_setfield(L, -2, "helpText")
        // The helpers live in the prompt's own environment, not in the globals: effect code
        // (a hook, a module, a reloaded file) must not reach render(path) or reload(path).
        // The environment reads through to the globals and writes to them, so `x = 1` at the
        // prompt is a global as in lua5.4 -i.
        lua_createtable(L, 0, 16)
        lua_createtable(L, 0, 1)
        _ = transit_pushglobaltable(L)
        lua_setfield(L, -2, "__index")
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_setfield(L, transit_registryindex(), Self.replEnvironmentKey)
        let environment = lua_gettop(L)
        let status = Self.replPrelude.withCString { transit_loadtext(L, $0, strlen($0), "=repl") }
        guard status == LUA_OK else { throw ScriptError(string(at: -1) ?? "the REPL helpers do not compile") }
        lua_pushvalue(L, environment)
        _ = lua_setupvalue(L, -2, 1)
        lua_pushvalue(L, environment - 1)   // the host functions' table: the chunk's argument
        guard transit_pcall(L, 1, 0) == LUA_OK else { throw takeError() }
        // Names the tool adds are helpers too (show, render).
        for function in extra {
            pushReplFunction(function)
            lua_setfield(L, environment, function.name)
        }
        // From now on, new names typed at the prompt go to the globals.
        guard lua_getmetatable(L, environment) != 0 else { return }
        _ = transit_pushglobaltable(L)
        lua_setfield(L, -2, "__newindex")
    }

    /// The registry key of the prompt's environment (its helpers over the globals).
    static let replEnvironmentKey = "transit.replEnvironment"

    /// Makes the prompt's environment the `_ENV` of the chunk on top of the stack, once the
    /// helpers are installed (before that, a chunk sees the globals).
    func useReplEnvironment() {
        guard lua_getfield(L, transit_registryindex(), Self.replEnvironmentKey) == LUA_TTABLE else {
            transit_pop(L, 1)
            return
        }
        if lua_setupvalue(L, -2, 1) == nil { transit_pop(L, 1) }
    }

    /// Pushes a Swift helper as a Lua function (checked like the API's: errors name it).
    private func pushReplFunction(_ function: ReplFunction) {
        let body = function.body
        // A helper's value is whatever its body gives (a boolean, a number, text, or nothing).
        let declaration = APIFunction(function.name, .function, [], returns: .optional(.any), doc: function.summary, variadic: true) { call in
            var arguments: [ReplValue] = []
            let count = call.argumentCount
            if count > 0 {
                for i in 1...Int(count) { arguments.append(call.runtime.replValue(at: call.index(i))) }
            }
            switch try body(arguments) {
            case .none: return 0
            case .boolean(let value): call.push(value)
            case .number(let value): call.push(value)
            case .string(let value): call.push(value)
            case .other: call.pushNil()
            }
            return 1
        }
        pushHostFunction(declaration, owner: nil, qualifiedName: function.name)
    }

    private func replValue(at index: Int32) -> ReplValue {
        switch lua_type(L, index) {
        case LUA_TNONE, LUA_TNIL: return .none
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index) ?? "")
        default: return .other(typeDescription(at: index))
        }
    }

    /// Runs the world event by event until no transition is running (at most 60 s of virtual
    /// time), then finishes the work of that instant. False if one was still running.
    func finishTransitions() throws -> Bool {
        try world.drain()
        let deadline = world.now + 60
        while !world.activeTransitions.isEmpty {
            guard let next = world.nextEventTime, next <= deadline else { return false }
            try world.advance(to: max(next, world.now))
        }
        try world.drain()
        return true
    }

    /// reload() at the prompt: prints what happened, or the error (the previous version stays).
    /// It returns nothing either way, so the prompt shows only the message.
    @discardableResult
    private func reloadFromPrompt(_ argument: ReplValue?, defaultFile: URL?) -> Bool {
        let file: URL
        switch argument {
        case .string(let path)?: file = URL(fileURLWithPath: path)
        case nil, .none?:
            guard let defaultFile else {
                output("reload: no effect file to reload; give a path: reload(\"fade.lua\")")
                return false
            }
            file = defaultFile
        case let other?:
            output("reload: argument 1 (path) must be a string (got \(other.typeName))")
            return false
        }
        guard FileManager.default.fileExists(atPath: file.path) else {
            output("reload: \(file.path): no such file")
            return false
        }
        do {
            let report = try reload(file)
            var line = "reloaded \(report.file)"
            if !report.patchedClasses.isEmpty { line += ": patched " + report.patchedClasses.joined(separator: ", ") }
            if report.patchedValue { line += report.patchedClasses.isEmpty ? ": patched the value it returns" : " and the value it returns" }
            if report.patchedClasses.isEmpty && !report.patchedValue { line += " (nothing live to patch: it defines no classes and returns no table)" }
            output(line)
            for note in report.notes { output("reload: note: \(note)") }
            return true
        } catch {
            output("reload failed, the previous version stays: \(Self.trimmedTraceback(error))")
            return false
        }
    }

    /// tree(view?): the hierarchy from a view, a controller's view, or the window.
    private var treeDeclaration: APIFunction {
        APIFunction("tree", .function, [], doc: "", variadic: true) { call in
            let runtime = call.runtime
            var root: View = runtime.world.window
            if call.argumentCount >= 1 && !call.isNil(1) {
                switch runtime.object(at: call.index(1)) {
                case let view as View: root = view
                case let controller as ViewController: root = try controller.loadViewIfNeeded()
                default: throw call.fail(argument: 1, "(view) must be a UIView or a UIViewController (got \(runtime.typeDescription(at: call.index(1))))")
                }
            }
            runtime.output(runtime.viewTree(from: root))
            return 0
        }
    }

    /// dir(x)'s Swift half: for a host object, a list of its members nearest class first,
    /// each {name=, kind="property"|"method"|"hook", type=, readable=}; nil for anything else.
    /// `readable` marks properties whose getter only reads (numbers, strings, booleans, enums,
    /// values such as CGRect): dir reads those, and leaves object-valued ones alone, since a
    /// few create what they return (`sheetPresentationController`).
    private var membersDeclaration: APIFunction {
        APIFunction("members", .function, [], returns: .optional(.list(.table)), doc: "", variadic: true) { call in
            let runtime = call.runtime
            guard call.argumentCount >= 1, let object = runtime.object(at: call.index(1)) as? HostObject else {
                call.pushNil()
                return 1
            }
            let L = call.L
            lua_createtable(L, 0, 0)
            var seen = Set<String>(), count: Int64 = 0
            func add(_ name: String, _ kind: String, _ type: String, readable: Bool) {
                guard seen.insert(name).inserted else { return }
                lua_createtable(L, 0, 4)
                lua_pushstring(L, name); lua_setfield(L, -2, "name")
                lua_pushstring(L, kind); lua_setfield(L, -2, "kind")
                lua_pushstring(L, type); lua_setfield(L, -2, "type")
                lua_pushboolean(L, readable ? 1 : 0); lua_setfield(L, -2, "readable")
                count += 1
                lua_rawseti(L, -2, count)
            }
            for cls in runtime.api.lineage(runtime.boundClassName(of: object)) {
                for property in cls.properties {
                    add(property.name, "property", property.type.luals, readable: Self.readsWithoutSideEffects(property.type))
                }
                for method in cls.methods {
                    add(method.name, "method", "(" + method.parameters.map(\.name).joined(separator: ", ") + ")", readable: false)
                }
                for hook in cls.hooks {
                    add(hook.name, "hook", "(" + hook.parameters.map(\.name).joined(separator: ", ") + ")", readable: true)
                }
            }
            return 1
        }
    }

    static func readsWithoutSideEffects(_ type: APIType) -> Bool {
        switch type {
        case .number, .integer, .boolean, .string, .enumeration, .value: return true
        case .optional(let inner): return readsWithoutSideEffects(inner)
        case .list(let inner): return readsWithoutSideEffects(inner)
        default: return false
        }
    }

    /// The window's view hierarchy, one view a line, indented by depth: the model frame, and
    /// the frame and alpha on screen now when an animation makes them differ.
    public func viewTree() -> String { viewTree(from: world.window) }

    public func viewTree(from root: View) -> String {
        var lines: [String] = []
        func visit(_ view: View, depth: Int) {
            let layer = view.layer
            var line = String(repeating: "  ", count: depth) + view.traceName + " frame=\(view.frame)"
            if view.alpha != 1 { line += " alpha=\(formatNumber(view.alpha))" }
            if view.isHidden { line += " hidden" }
            let shown = presentationFrame(of: layer)
            var onScreen: [String] = []
            if shown != view.frame { onScreen.append("frame=\(shown)") }
            if case .number(let opacity) = layer.presentationValue(.opacity), opacity != view.alpha {
                onScreen.append("alpha=\(formatNumber(opacity))")
            }
            if !onScreen.isEmpty { line += "  on screen: " + onScreen.joined(separator: " ") }
            lines.append(line)
            for subview in view.subviews { visit(subview, depth: depth + 1) }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    private func presentationFrame(of layer: Layer) -> Rect {
        var snapshot = LayerSnapshot()
        if case .rect(let bounds) = layer.presentationValue(.bounds) { snapshot.bounds = bounds }
        if case .point(let position) = layer.presentationValue(.position) { snapshot.position = position }
        if case .point(let anchor) = layer.presentationValue(.anchorPoint) { snapshot.anchorPoint = anchor }
        if case .transform(let transform) = layer.presentationValue(.transform) { snapshot.transform = transform }
        return snapshot.frame
    }

    /// The helpers written in Lua; `host` (the chunk's argument) holds the Swift ones.
    static let replPrelude = #"""
    local host = ...
    local function checkOptions(name, options)
      if options == nil then return { wait = true } end
      if type(options) ~= "table" then
        error(name .. ": argument (options) must be a table like {wait=false} (got " .. type(options) .. ")", 3)
      end
      for key in pairs(options) do
        if key ~= "wait" then error(name .. ": unknown option \"" .. tostring(key) .. "\"; accepted: wait", 3) end
      end
      if options.wait ~= nil and type(options.wait) ~= "boolean" then
        error(name .. ": wait must be a boolean (got " .. type(options.wait) .. ")", 3)
      end
      return { wait = options.wait ~= false }
    end
    local function isOptions(value)
      return type(value) == "table" and getmetatable(value) == nil and rawget(value, "wait") ~= nil
    end
    local function scene(name)
      local screens = rawget(transit, "scene")
      if type(screens) ~= "table" or type(screens.present) ~= "function" then
        error(name .. ": this world has no screens to present from; open the REPL with an effect file " ..
          "(it runs in the default scene) or a scene that sets transit.scene", 3)
      end
      return screens
    end
    local function settle(name, options)
      host.startTransitions()
      if options.wait and not host.finishTransitions() then
        print(name .. ": the transition is still running after 60 s of virtual time")
      end
    end

    function present(effect, options)
      if options == nil and isOptions(effect) then effect, options = nil, effect end
      options = checkOptions("present", options)
      local screens = scene("present")
      local delegate
      if effect ~= nil then
        if type(effect) ~= "table" and type(effect) ~= "userdata" then
          error("present: argument 1 (effect) must be an animator, a transitioning delegate or a " ..
            "UIPresentationController subclass (got " .. type(effect) .. ")", 2)
        end
        delegate = require("system.effect")(effect, "present's effect")
      end
      local presented = screens.present(delegate)
      settle("present", options)
      return presented
    end

    function dismiss(options)
      options = checkOptions("dismiss", options)
      scene("dismiss").dismiss()
      settle("dismiss", options)
    end

    -- The namespace's own functions, so their messages name the caller's line.
    step, seek, now = transit.step, transit.seek, transit.now

    tree = host.tree
    reload = host.reload

    -- dir(x): a host object's members (host.members lists them; values are read here, in a
    -- pcall, only where reading has no side effect), or a table's keys and values.
    local function shown(value)
      if type(value) == "table" and getmetatable(value) == nil then
        local parts = {}
        for index, item in ipairs(value) do parts[index] = tostring(item) end
        return "{" .. table.concat(parts, ", ") .. "}"
      end
      return tostring(value)
    end

    function dir(x)
      local members = host.members(x)
      if members == nil then
        if type(x) ~= "table" then
          error("dir: argument 1 must be an object or a table (got " .. type(x) .. ")", 2)
        end
        local keys = {}
        for key in next, x do keys[#keys + 1] = key end
        table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
        for _, key in ipairs(keys) do host.say(("  %-32s %s"):format(tostring(key), shown(rawget(x, key)))) end
        return
      end
      for _, member in ipairs(members) do
        local line = ("  %-8s %-32s %s"):format(member.kind, member.name, member.type)
        if member.readable then
          local ok, value = pcall(function() return x[member.name] end)
          if ok and member.kind == "hook" then
            line = line .. (type(value) == "function" and "  (defined)" or "")
          elseif ok then
            line = line .. " = " .. shown(value)
          end
        end
        host.say(line)
      end
    end

    function trace(filter)
      if filter ~= nil and type(filter) ~= "string" then
        error("trace: argument 1 (filter) must be a string (got " .. type(filter) .. ")", 2)
      end
      local text = transit.trace()
      if filter == nil then
        if text ~= "" then print(text) end
        return
      end
      for line in (text .. "\n"):gmatch("(.-)\n") do
        if line:find(filter, 1, true) then print(line) end
      end
    end

    local helpText = host.helpText
    function help() print(helpText) end
    """#
}
