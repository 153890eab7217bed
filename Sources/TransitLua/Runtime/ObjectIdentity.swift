import CLua
import TransitCore

// Host objects in Lua are userdata, one per Swift object while Lua can reach it (the identity
// table, weak-valued, keyed by the object's address), with a Lua table of their own for fields
// and hook overrides in user value 1 (kept in the state table while Swift holds the object).

/// The bytes of a host object's userdata. The userdata itself says what it is: a check of its
/// size and marker recognises ours (no lookup of its metatable), and `boundClass` names its
/// class without asking the Swift object.
struct ObjectBox {
    /// The Swift object, retained by the userdata; nil once `__gc` released it.
    var object: UnsafeMutableRawPointer?
    /// Index in `LuaRuntime.boundClasses`.
    var boundClass: Int
    var marker: UInt

    /// Tells our userdata from any other of the same size (io's files in --unsafe runs).
    static let marker: UInt = 0x5452_414E_5349_5421  // "TRANSIT!"

    /// The box of our userdata at `index` of `L`, or nil for any other value. Needs only the
    /// thread, so hot paths call it without touching the runtime (a reference to it costs a
    /// retain: weak references to the runtime give it a side table, where retains are slow).
    @inline(__always)
    static func at(_ index: Int32, in L: OpaquePointer) -> UnsafeMutablePointer<ObjectBox>? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == MemoryLayout<ObjectBox>.size,
              let raw = lua_touserdata(L, index) else { return nil }
        let box = raw.assumingMemoryBound(to: ObjectBox.self)
        return box.pointee.marker == ObjectBox.marker ? box : nil
    }
}

extension LuaRuntime {
    /// Pushes the one userdata of a host object (creating it on first use); script objects
    /// push their table; nil pushes nil.
    func push(_ object: AnyObject?) {
        guard let object else { lua_pushnil(L); return }
        if let reference = object as? LuaValueReference { reference.push(); return }
        guard let host = object as? HostObject else { lua_pushnil(L); return }
        let key = Unmanaged.passUnretained(host).toOpaque()
        lua_rawgeti(L, transit_registryindex(), lua_Integer(identityTableReference))
        if lua_rawgetp(L, -1, key) == LUA_TUSERDATA {
            transit_remove(L, -2)
            return
        }
        transit_pop(L, 1)
        let boundClass = self.boundClass(of: host)
        let box = lua_newuserdatauv(L, MemoryLayout<ObjectBox>.size, 1)!
        box.initializeMemory(as: ObjectBox.self, repeating: ObjectBox(
            object: Unmanaged<AnyObject>.passRetained(host).toOpaque(), boundClass: boundClass.index, marker: ObjectBox.marker), count: 1)
        lua_rawgeti(L, transit_registryindex(), lua_Integer(boundClass.metatableReference))
        lua_setmetatable(L, -2)
        // Re-attach the object's table if it outlived an earlier userdata.
        lua_rawgeti(L, transit_registryindex(), lua_Integer(stateTableReference))
        if lua_rawgetp(L, -1, key) == LUA_TTABLE {
            lua_setiuservalue(L, -3, 1)
        } else {
            transit_pop(L, 1)
        }
        transit_pop(L, 1)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        transit_remove(L, -2)
        host.lifecycleObserver = self
    }

    /// The nearest class of the object's Swift class chain that the API binds; remembered per
    /// Swift class, so it is worked out once per class rather than once per object.
    func boundClass(of object: HostObject) -> BoundClass {
        let swiftClass = ObjectIdentifier(type(of: object))
        if let index = boundClassIndexBySwiftClass[swiftClass] { return boundClasses[index] }
        var type: AnyClass? = Swift.type(of: object)
        var found = boundClassIndexByName["NSObject"]!
        while let current = type as? HostObject.Type {
            if let index = boundClassIndexByName[current.className] { found = index; break }
            type = _getSuperclass(current)
        }
        boundClassIndexBySwiftClass[swiftClass] = found
        return boundClasses[found]
    }

    func boundClassName(of object: HostObject) -> String { boundClass(of: object).name }

    /// The box of our userdata at `index`, or nil for any other value.
    @inline(__always)
    func objectBox(at index: Int32) -> UnsafeMutablePointer<ObjectBox>? { ObjectBox.at(index, in: L) }

    /// The host object at `index`, if the value is one of ours and not yet released.
    func object(at index: Int32) -> AnyObject? {
        guard let raw = objectBox(at: index)?.pointee.object else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// The class name of our userdata at `index`: its Lua subclass if it has one, else its
    /// bound class.
    func objectClassName(at index: Int32) -> String? {
        guard let box = objectBox(at: index) else { return nil }
        if let raw = box.pointee.object,
           let script = (Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? HostObject)?.scriptClassName {
            return script
        }
        return boundClasses[box.pointee.boundClass].name
    }

    /// Pushes the object's own table, creating it (and recording it as state) if asked.
    @discardableResult
    func pushObjectTable(at index: Int32, create: Bool) -> Bool {
        let index = lua_absindex(L, index)
        if lua_getiuservalue(L, index, 1) == LUA_TTABLE { return true }
        transit_pop(L, 1)
        guard create, let raw = objectBox(at: index)?.pointee.object else {
            lua_pushnil(L)
            return false
        }
        lua_createtable(L, 0, 0)
        lua_pushvalue(L, -1)
        lua_setiuservalue(L, index, 1)
        lua_rawgeti(L, transit_registryindex(), lua_Integer(stateTableReference))
        lua_pushvalue(L, -2)
        lua_rawsetp(L, -2, raw)
        transit_pop(L, 1)
        return true
    }

    /// Whether the object has a table of its own kept as state (it was given fields or hooks).
    func hasObjectTable(_ object: HostObject) -> Bool {
        lua_rawgeti(L, transit_registryindex(), lua_Integer(stateTableReference))
        let hasState = lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TTABLE
        transit_pop(L, 2)
        return hasState
    }

    /// How many host objects have a table of their own kept in the registry (tests).
    var objectStateCount: Int {
        lua_rawgeti(L, transit_registryindex(), lua_Integer(stateTableReference))
        defer { transit_pop(L, 1) }
        var count = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 { count += 1; transit_pop(L, 1) }
        return count
    }
}

extension LuaRuntime: ObjectLifecycleObserver {
    public func objectWillDeinit(_ identifier: ObjectIdentifier) {
        guard !isClosing else { return }
        // The state table is keyed by the object's address.
        guard let key = UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: identifier)) else { return }
        lua_rawgeti(L, transit_registryindex(), lua_Integer(stateTableReference))
        lua_pushnil(L)
        lua_rawsetp(L, -2, key)
        transit_pop(L, 1)
    }
}

/// `__gc`: releases the Swift object; its table is forgotten unless Swift still holds it.
func collectObject(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        guard let box = runtime.objectBox(at: 1), let raw = box.pointee.object else { return 0 }
        box.pointee.object = nil
        // Called by hand (`getmetatable(v).__gc(v)`) the userdata lives on, released: the
        // object must not be pushed as it again, or the host would hand scripts a dead handle.
        lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.identityTableReference))
        if lua_rawgetp(L, -1, raw) == LUA_TUSERDATA, lua_rawequal(L, -1, 1) != 0 {
            transit_pop(L, 1)
            lua_pushnil(L)
            lua_rawsetp(L, -2, raw)
            transit_pop(L, 1)
        } else {
            transit_pop(L, 2)
        }
        var object: AnyObject = Unmanaged<AnyObject>.fromOpaque(raw).takeRetainedValue()
        if isKnownUniquelyReferenced(&object) {
            lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.stateTableReference))
            lua_pushnil(L)
            lua_rawsetp(L, -2, raw)
            transit_pop(L, 1)
            (object as? HostObject)?.lifecycleObserver = nil
        }
        return 0
    }
}
