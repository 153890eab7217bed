import CLua
import TransitCore

// Geometry and colour values cross as plain Lua tables with a metatable (value semantics:
// every read returns a fresh copy, as Swift structs do). Reading accepts a table of that class
// or a plain table with the same numeric fields.

extension LuaRuntime {
    /// Pushes the metatable of a value class (created by the bindings).
    func pushValueMetatable(_ name: String) {
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        lua_getfield(L, -1, name)
        transit_remove(L, -2)
    }

    /// A new table of value class `name` with numeric fields.
    func pushValue(_ name: String, _ fields: [(String, Double)]) {
        lua_createtable(L, 0, Int32(fields.count))
        for (key, value) in fields {
            lua_pushnumber(L, value)
            lua_setfield(L, -2, key)
        }
        pushValueMetatable(name)
        lua_setmetatable(L, -2)
    }

    func push(_ rect: Rect) {
        pushValue("CGRect", [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)])
    }
    func push(_ point: Point) { pushValue("CGPoint", [("x", point.x), ("y", point.y)]) }
    func push(_ size: Size) { pushValue("CGSize", [("width", size.width), ("height", size.height)]) }
    func push(_ vector: Vector) { pushValue("CGVector", [("dx", vector.dx), ("dy", vector.dy)]) }
    func push(_ color: Color) {
        pushValue("UIColor", [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)])
    }
    func push(_ t: Transform2D) {
        pushValue("CGAffineTransform", [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)])
    }
    func push(_ t: Transform3D) {
        pushValue("CATransform3D", Array(zip(Transform3D.elementNames, t.elements)))
    }

    /// The value class name of the table at `index` (its metatable's __name), if any.
    func valueClassName(at index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return nil }
        lua_pushstring(L, "__name")
        lua_rawget(L, -2)
        let name = string(at: -1)
        transit_pop(L, 2)
        return name
    }

    /// Reads numeric fields of the table at `index` if it is of class `name` or plain.
    func readFields(at index: Int32, _ name: String, _ keys: [String]) -> [Double]? {
        guard lua_type(L, index) == LUA_TTABLE else { return nil }
        if let className = valueClassName(at: index), className != name { return nil }
        var values: [Double] = []
        values.reserveCapacity(keys.count)
        for key in keys {
            lua_pushstring(L, key)
            lua_rawget(L, index < 0 ? index - 1 : index)
            var isNumber: Int32 = 0
            let value = lua_tonumberx(L, -1, &isNumber)
            let isRealNumber = lua_type(L, -1) == LUA_TNUMBER
            transit_pop(L, 1)
            guard isNumber != 0, isRealNumber else { return nil }
            values.append(value)
        }
        return values
    }

    func readRect(at index: Int32) -> Rect? {
        readFields(at: index, "CGRect", ["x", "y", "width", "height"]).map { Rect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
    }
    func readPoint(at index: Int32) -> Point? {
        readFields(at: index, "CGPoint", ["x", "y"]).map { Point(x: $0[0], y: $0[1]) }
    }
    func readSize(at index: Int32) -> Size? {
        readFields(at: index, "CGSize", ["width", "height"]).map { Size(width: $0[0], height: $0[1]) }
    }
    func readVector(at index: Int32) -> Vector? {
        readFields(at: index, "CGVector", ["dx", "dy"]).map { Vector(dx: $0[0], dy: $0[1]) }
    }
    func readColor(at index: Int32) -> Color? {
        readFields(at: index, "UIColor", ["red", "green", "blue", "alpha"]).map { Color(red: $0[0], green: $0[1], blue: $0[2], alpha: $0[3]) }
    }
    func readAffine(at index: Int32) -> Transform2D? {
        readFields(at: index, "CGAffineTransform", ["a", "b", "c", "d", "tx", "ty"]).map {
            Transform2D(a: $0[0], b: $0[1], c: $0[2], d: $0[3], tx: $0[4], ty: $0[5])
        }
    }
    func readTransform3D(at index: Int32) -> Transform3D? {
        readFields(at: index, "CATransform3D", Transform3D.elementNames).map(Transform3D.init)
    }

    // MARK: - Script values

    /// Pushes a model value for a hook argument.
    func push(_ value: ScriptValue) {
        switch value {
        case .none: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .number(let n): lua_pushnumber(L, n)
        case .string(let s): lua_pushstring(L, s)
        case .point(let p): push(p)
        case .size(let s): push(s)
        case .rect(let r): push(r)
        case .vector(let v): push(v)
        case .transform2D(let t): push(t)
        case .transform3D(let t): push(t)
        case .color(let c): push(c)
        case .object(let o): push(o)
        }
    }

    /// Converts a hook's result to a model value.
    func scriptValue(at index: Int32) -> ScriptValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .none
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER: return .number(lua_tonumberx(L, index, nil))
        case LUA_TSTRING: return .string(string(at: index) ?? "")
        case LUA_TUSERDATA: return object(at: index).map { .object($0) } ?? .none
        case LUA_TTABLE:
            switch valueClassName(at: index) {
            case "CGRect": return readRect(at: index).map { .rect($0) } ?? .none
            case "CGPoint": return readPoint(at: index).map { .point($0) } ?? .none
            case "CGSize": return readSize(at: index).map { .size($0) } ?? .none
            case "CGVector": return readVector(at: index).map { .vector($0) } ?? .none
            case "UIColor": return readColor(at: index).map { .color($0) } ?? .none
            case "CGAffineTransform": return readAffine(at: index).map { .transform2D($0) } ?? .none
            case "CATransform3D": return readTransform3D(at: index).map { .transform3D($0) } ?? .none
            default: return .object(LuaValueReference(runtime: self, index: index))
            }
        default:
            return .object(LuaValueReference(runtime: self, index: index))
        }
    }
}
