import CLua
import Foundation
import TransitCore
import TransitLua
import TransitRender

// The host functions behind `transit.scene` in `transit lua`'s state (docs/specs.md). They never
// raise: each returns `true, values...` or `false, message, atCaller`, and scripts/spec/scene.lua
// raises at the spec's line (atCaller) or with the effect's own `file:line:` message. So no Lua
// error ever unwinds through these Swift frames, and the options table is read with raw access
// (a metamethod that raised would).

/// The runs a spec's results refer to, by the id their Lua table carries; released by its __gc.
enum SpecRuns {
    nonisolated(unsafe) static var runs: [Int: SpecSceneRun] = [:]
    nonisolated(unsafe) static var nextID = 1
}

enum SpecBindings {
    /// Pushes the table of raw functions scripts/spec/scene.lua wraps.
    static func pushRawFunctions(_ L: OpaquePointer) {
        let functions: [(String, transit_HostFunction)] = [
            ("run", { L in SpecBindings.respond(L!) { try SpecBindings.run(L!) } }),
            ("value", { L in SpecBindings.respond(L!) { try SpecBindings.value(L!) } }),
            ("frame", { L in SpecBindings.respond(L!) { try SpecBindings.frame(L!) } }),
            ("png", { L in SpecBindings.respond(L!) { try SpecBindings.png(L!) } }),
            ("release", { L in
                SpecRuns.runs[Int(lua_tointegerx(L, 1, nil))] = nil
                return 0
            }),
        ]
        lua_createtable(L, 0, Int32(functions.count))
        for (name, function) in functions {
            transit_pushhostfunction(L, function, 0)
            lua_setfield(L, -2, name)
        }
    }

    /// Calls `body`, which pushes its values and returns how many; pushes `true` before them,
    /// or `false, message, atCaller` for a failure.
    static func respond(_ L: OpaquePointer, _ body: () throws -> Int32) -> Int32 {
        let base = lua_gettop(L)
        lua_pushboolean(L, 1)
        do {
            return try body() + 1
        } catch let failure as SpecSceneFailure {
            lua_settop(L, base)
            lua_pushboolean(L, 0)
            push(L, failure.message)
            lua_pushboolean(L, failure.atCaller ? 1 : 0)
        } catch {
            lua_settop(L, base)
            lua_pushboolean(L, 0)
            push(L, "\(error)")
            lua_pushboolean(L, 1)
        }
        return 3
    }

    // MARK: - run

    static func run(_ L: OpaquePointer) throws -> Int32 {
        guard lua_type(L, 1) == LUA_TTABLE else { throw SpecSceneFailure(message: "transit.scene needs a table of options, such as { effect = \"fade.lua\" }") }
        // Every key must be one transit.scene knows: a misspelt option would be ignored silently.
        lua_pushnil(L)
        while lua_next(L, 1) != 0 {
            let key = lua_type(L, -2) == LUA_TSTRING ? string(L, -2) : nil
            let shown = key.map { "\"\($0)\"" } ?? "[\(typeName(L, -2))]"
            transit_pop(L, 1)
            guard let key, SpecSceneRequest.keys.contains(key) else {
                throw SpecSceneFailure(message: "transit.scene: unknown option \(shown); accepted: \(SpecSceneRequest.keys.sorted().joined(separator: ", "))")
            }
        }
        let effect = try text(L, "effect"), scene = try text(L, "scene")
        guard effect != nil || scene != nil else {
            throw SpecSceneFailure(message: "transit.scene needs effect = \"file.lua\" (run in the default scene or scene =) or scene = \"file.lua\"")
        }
        var request = SpecSceneRequest(file: URL(fileURLWithPath: effect ?? scene!))
        if effect != nil { request.scene = scene.map { URL(fileURLWithPath: $0) } }
        if let name = try text(L, "device") {
            guard let device = Device.named(name) else {
                throw SpecSceneFailure(message: "transit.scene: unknown device \"\(name)\"; expected one of: \(Device.profileNames.joined(separator: ", "))")
            }
            request.device = device
        }
        if let ios = try number(L, "ios") {
            let range = World.supportedSystemVersions
            guard range.contains(ios) else {
                throw SpecSceneFailure(message: "transit.scene: ios = \(formatNumber(ios)): Transit models iOS \(formatNumber(range.lowerBound))...\(formatNumber(range.upperBound))")
            }
            request.systemVersion = ios
        }
        if let fps = try number(L, "fps") {
            guard (1...240).contains(fps) else { throw SpecSceneFailure(message: "transit.scene: fps must be in 1...240 (got \(formatNumber(fps)))") }
            request.fps = fps
        }
        if let scale = try number(L, "scale") {
            guard scale > 0 && scale <= 4 else { throw SpecSceneFailure(message: "transit.scene: scale must be in (0, 4] (got \(formatNumber(scale)))") }
            request.scale = scale
        }
        if let budget = try number(L, "budget") {
            guard budget >= 1 && budget < 9.2e18, budget == budget.rounded() else { throw SpecSceneFailure(message: "transit.scene: budget must be a whole number of instructions, 1 or more") }
            request.budget = Int64(budget)
        }
        if let memory = try number(L, "memory") {
            guard (1...8192).contains(memory), memory == memory.rounded() else { throw SpecSceneFailure(message: "transit.scene: memory must be a whole number of megabytes in 1...8192") }
            request.memoryMegabytes = Int(memory)
        }
        lua_pushstring(L, "statusBar")
        switch lua_rawget(L, 1) {
        case LUA_TNIL: break
        case LUA_TBOOLEAN: request.statusBar = lua_toboolean(L, -1) != 0
        default: throw SpecSceneFailure(message: "transit.scene: statusBar must be true or false (got a \(typeName(L, -1)))")
        }
        transit_pop(L, 1)
        request.phases = try phases(L)

        let run = try SpecSceneRun(request)
        let id = SpecRuns.nextID
        SpecRuns.nextID += 1
        SpecRuns.runs[id] = run
        pushResult(L, run, id: id)
        return 1
    }

    static func phases(_ L: OpaquePointer) throws -> [String]? {
        lua_pushstring(L, "phases")
        defer { transit_pop(L, 1) }
        switch lua_rawget(L, 1) {
        case LUA_TNIL: return nil
        case LUA_TTABLE: break
        default: throw SpecSceneFailure(message: "transit.scene: phases must be a list of phase names, such as { \"present\", \"dismiss\" }")
        }
        var phases: [String] = []
        let count = lua_rawlen(L, -1)
        guard count > 0 else { throw SpecSceneFailure(message: "transit.scene: phases is empty; leave it out to run every phase") }
        for index in 1...count {
            lua_rawgeti(L, -1, lua_Integer(index))
            let name = lua_type(L, -1) == LUA_TSTRING ? string(L, -1) : nil
            transit_pop(L, 1)
            guard let name, SpecSceneRequest.phaseNames.contains(name) else {
                throw SpecSceneFailure(message: "transit.scene: phases[\(index)] is not a phase; the phases are \(SpecSceneRequest.phaseNames.map { "\"\($0)\"" }.joined(separator: ", "))")
            }
            phases.append(name)
        }
        return phases
    }

    static func pushResult(_ L: OpaquePointer, _ run: SpecSceneRun, id: Int) {
        lua_createtable(L, 0, 12)
        lua_pushinteger(L, lua_Integer(id)); lua_setfield(L, -2, "id")
        lua_pushnumber(L, run.duration); lua_setfield(L, -2, "duration")
        push(L, run.request.device.name); lua_setfield(L, -2, "device")
        pushNumber(L, run.request.systemVersion); lua_setfield(L, -2, "ios")
        pushNumber(L, run.request.fps); lua_setfield(L, -2, "fps")
        pushList(L, run.trace); lua_setfield(L, -2, "trace")
        pushList(L, run.log); lua_setfield(L, -2, "log")
        pushList(L, run.warnings); lua_setfield(L, -2, "warnings")
        lua_createtable(L, Int32(run.problems.count), 0)
        for (index, problem) in run.problems.enumerated() {
            lua_createtable(L, 0, 4)
            push(L, problem.id.rawValue); lua_setfield(L, -2, "id")
            push(L, problem.message); lua_setfield(L, -2, "message")
            push(L, problem.phase); lua_setfield(L, -2, "phase")
            lua_pushnumber(L, problem.time); lua_setfield(L, -2, "time")
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        lua_setfield(L, -2, "problems")
        lua_createtable(L, Int32(run.transitions.count), 0)
        for (index, record) in run.transitions.enumerated() {
            lua_createtable(L, 0, 8)
            push(L, record.phase); lua_setfield(L, -2, "phase")
            lua_pushnumber(L, record.start); lua_setfield(L, -2, "start")
            if let end = record.end {
                lua_pushnumber(L, end); lua_setfield(L, -2, "finish")
                lua_pushnumber(L, end - record.start); lua_setfield(L, -2, "duration")
            }
            if let completed = record.completed { lua_pushboolean(L, completed ? 1 : 0); lua_setfield(L, -2, "completed") }
            lua_pushboolean(L, record.wasInteractive ? 1 : 0); lua_setfield(L, -2, "interactive")
            push(L, record.from); lua_setfield(L, -2, "from")
            push(L, record.to); lua_setfield(L, -2, "to")
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
        lua_setfield(L, -2, "transitions")
    }

    // MARK: - Questions to a result

    static func runArgument(_ L: OpaquePointer) throws -> SpecSceneRun {
        guard let run = SpecRuns.runs[Int(lua_tointegerx(L, 1, nil))] else { throw SpecSceneFailure(message: "this result was released") }
        return run
    }

    static func timeArgument(_ L: OpaquePointer, _ index: Int32, _ what: String) throws -> Double {
        var isNumber: Int32 = 0
        let time = lua_tonumberx(L, index, &isNumber)
        guard isNumber != 0, lua_type(L, index) == LUA_TNUMBER else {
            throw SpecSceneFailure(message: "\(what): the time must be a number of seconds (got \(typeName(L, index)))")
        }
        return time
    }

    /// value(id, name, property, time): the presentation value then, or nil off screen.
    static func value(_ L: OpaquePointer) throws -> Int32 {
        let run = try runArgument(L)
        guard lua_type(L, 2) == LUA_TSTRING, let name = string(L, 2) else {
            throw SpecSceneFailure(message: "result:value needs a view's name (\"toView\", \"card\", \"UIView \\\"card\\\"\"), got \(typeName(L, 2))")
        }
        guard lua_type(L, 3) == LUA_TSTRING, let property = string(L, 3), SpecSceneRun.properties.contains(property) else {
            throw SpecSceneFailure(message: "result:value: the property must be one of \(SpecSceneRun.properties.joined(separator: ", "))")
        }
        let time = try timeArgument(L, 4, "result:value")
        guard let layer = try run.layer(name, at: time) else {
            lua_pushnil(L)
            return 1
        }
        func rect(_ r: Rect) {
            lua_createtable(L, 0, 4)
            for (key, value) in [("x", r.x), ("y", r.y), ("width", r.width), ("height", r.height)] {
                lua_pushnumber(L, value); lua_setfield(L, -2, key)
            }
        }
        switch property {
        case "alpha", "opacity": lua_pushnumber(L, layer.opacity)
        case "frame": rect(layer.frame)
        case "bounds": rect(layer.bounds)
        case "x": lua_pushnumber(L, layer.frame.x)
        case "y": lua_pushnumber(L, layer.frame.y)
        case "width": lua_pushnumber(L, layer.frame.width)
        case "height": lua_pushnumber(L, layer.frame.height)
        case "center":
            lua_createtable(L, 0, 2)
            lua_pushnumber(L, layer.position.x); lua_setfield(L, -2, "x")
            lua_pushnumber(L, layer.position.y); lua_setfield(L, -2, "y")
        case "transform":
            let elements = layer.transform.elements
            lua_createtable(L, Int32(elements.count), 0)
            for (index, element) in elements.enumerated() { lua_pushnumber(L, element); lua_rawseti(L, -2, lua_Integer(index + 1)) }
        case "isHidden": lua_pushboolean(L, layer.isHidden ? 1 : 0)
        case "cornerRadius": lua_pushnumber(L, layer.cornerRadius)
        default: lua_pushnumber(L, layer.zPosition)
        }
        return 1
    }

    /// frame(id, time): width, height and the RGBA bytes of the screen drawn then.
    static func frame(_ L: OpaquePointer) throws -> Int32 {
        let run = try runArgument(L)
        let image = try run.frame(at: try timeArgument(L, 2, "result:frame"))
        lua_pushinteger(L, lua_Integer(image.width))
        lua_pushinteger(L, lua_Integer(image.height))
        image.pixels.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        return 3
    }

    /// png(width, height, rgba): the PNG file's bytes.
    static func png(_ L: OpaquePointer) throws -> Int32 {
        let width = Int(lua_tointegerx(L, 1, nil)), height = Int(lua_tointegerx(L, 2, nil))
        var length = 0
        guard lua_type(L, 3) == LUA_TSTRING, let pointer = transit_tostring(L, 3, &length) else {
            throw SpecSceneFailure(message: "frame:png: the frame has no pixels")
        }
        let pixels = [UInt8](UnsafeRawBufferPointer(start: pointer, count: length))
        let bytes = try PNGEncoder.encode(try RasterImage(width: width, height: height, pixels: pixels))
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
        return 1
    }

    // MARK: - Reading and pushing values

    /// options[key] as a string (nil when absent); another type is a mistake.
    static func text(_ L: OpaquePointer, _ key: String) throws -> String? {
        lua_pushstring(L, key)
        defer { transit_pop(L, 1) }
        switch lua_rawget(L, 1) {
        case LUA_TNIL: return nil
        case LUA_TSTRING: return string(L, -1)
        default: throw SpecSceneFailure(message: "transit.scene: \(key) must be a string (got a \(typeName(L, -1)))")
        }
    }

    static func number(_ L: OpaquePointer, _ key: String) throws -> Double? {
        lua_pushstring(L, key)
        defer { transit_pop(L, 1) }
        switch lua_rawget(L, 1) {
        case LUA_TNIL: return nil
        case LUA_TNUMBER:
            let value = lua_tonumberx(L, -1, nil)
            guard value.isFinite else { throw SpecSceneFailure(message: "transit.scene: \(key) must be a finite number") }
            return value
        default: throw SpecSceneFailure(message: "transit.scene: \(key) must be a number (got a \(typeName(L, -1)))")
        }
    }

    static func string(_ L: OpaquePointer, _ index: Int32) -> String? {
        var length = 0
        guard let pointer = transit_tostring(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    static func typeName(_ L: OpaquePointer, _ index: Int32) -> String { String(cString: lua_typename(L, lua_type(L, index))) }

    static func push(_ L: OpaquePointer, _ text: String) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(L, $0.baseAddress, $0.count) }
        }
    }

    /// A whole number as a Lua integer (`iOS 17`, not `17.0`), anything else as a float.
    static func pushNumber(_ L: OpaquePointer, _ value: Double) {
        if value == value.rounded(), abs(value) < 1e15 { lua_pushinteger(L, lua_Integer(value)) } else { lua_pushnumber(L, value) }
    }

    static func pushList(_ L: OpaquePointer, _ lines: [String]) {
        lua_createtable(L, Int32(lines.count), 0)
        for (index, line) in lines.enumerated() {
            push(L, line)
            lua_rawseti(L, -2, lua_Integer(index + 1))
        }
    }
}
