import CLua
import TransitCore

// Floors `transit bench` measures beside the bridge's figures, in the same Lua state so that
// they pay for the same instruction-budget hook.

extension LuaRuntime {
    /// Defines the global `name` as a C function that reads the CGRect it is given exactly as
    /// the C path of `view.frame = r` reads it (CLua/assignment.c: the class check by metatable,
    /// the four fields by interned name, raw, each a finite number) and does nothing with it: the
    /// least a write of a CGRect can cost, whatever the bridge does around it.
    public func defineValueReadBaseline(_ name: String) {
        pushValueMetatable(Rect.luaName)
        for field in Rect.fieldNames { lua_pushstring(L, field) }
        transit_pushbenchvalueread(L, Int32(Rect.fieldNames.count))
        lua_setglobal(L, name)
    }
}
