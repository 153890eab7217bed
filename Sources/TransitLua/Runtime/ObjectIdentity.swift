import CLua
import TransitCore

// Host objects in Lua are userdata, one per Swift object while Lua can reach it (the identity
// table, weak-valued, keyed by the object's address), with a Lua table of their own for fields
// and hook overrides in user value 1.
//
// Lifetime (docs/semantics.md, "Per-object tables"): an object's table lives in its userdata,
// so Lua's collector sees a table that points back at its object (`self.me = self`, a closure
// that captures its view) as the cycle it is. While the model holds the object, its userdata is
// rooted (the roots table), because the model may hand the object to a script again and its
// table must still be there. ObjectGraph.swift tells which objects the model holds: an object
// whose strong references all come from its userdata and from objects only scripts keep is
// unrooted by the sweep, and the userdata of each such holder keeps its children's userdata
// (user value 2), so the objects and their tables go together when the scripts drop them.

/// The bytes of a host object's userdata. The userdata itself says what it is: a check of its
/// size and marker recognises ours (no lookup of its metatable), and `boundClass` names its
/// class without asking the Swift object. The layout is CLua's `transit_ObjectBox`, so the C
/// path of a property write (CLua/assignment.c) reads the same bytes:
/// - `object`: the Swift object, retained by the userdata; nil once `__gc` released it;
/// - `boundClass`: index in `LuaRuntime.boundClasses`;
/// - `marker`: tells our userdata from any other of the same size (io's files in --unsafe runs);
/// - `flags`: `Flags`, what the userdata carries and whether it is rooted.
typealias ObjectBox = transit_ObjectBox

extension ObjectBox {
    /// What `marker` holds in our userdata.
    static let ourMarker = UInt(TRANSIT_OBJECT_MARKER)

    enum Flags {
        /// User value 1 is the object's own table.
        static let hasTable = UInt32(TRANSIT_OBJECT_HASTABLE)
        /// In the roots table: kept while the model may still hand the object out.
        static let rooted = UInt32(TRANSIT_OBJECT_ROOTED)
        /// User value 2 keeps the userdata of children only scripts keep alive.
        static let keepsChildren = UInt32(TRANSIT_OBJECT_KEEPSCHILDREN)
        /// At the last sweep, only scripts kept this object, and the userdata of an object
        /// holding it kept this one: if this userdata becomes garbage, so did the holder's.
        static let keptByHolder = UInt32(TRANSIT_OBJECT_KEPTBYHOLDER)
        /// Its class defines `deinit`, which was queued (it runs once).
        static let deinitQueued = UInt32(TRANSIT_OBJECT_DEINITQUEUED)
        /// What must not be lost if the model holds the object (assignment.c tests the same two).
        static let state: UInt32 = hasTable | keepsChildren
    }

    /// The box of our userdata at `index` of `L`, or nil for any other value. Needs only the
    /// thread, so hot paths call it without touching the runtime (a reference to it costs a
    /// retain: weak references to the runtime give it a side table, where retains are slow).
    @inline(__always)
    static func at(_ index: Int32, in L: OpaquePointer) -> UnsafeMutablePointer<ObjectBox>? {
        guard lua_type(L, index) == LUA_TUSERDATA, lua_rawlen(L, index) == MemoryLayout<ObjectBox>.size,
              let raw = lua_touserdata(L, index) else { return nil }
        let box = raw.assumingMemoryBound(to: ObjectBox.self)
        return box.pointee.marker == ObjectBox.ourMarker ? box : nil
    }
}

/// The strong reference count of a Swift object. Swift's runtime exports it (its own tests use
/// it); the sweep needs the count itself, not just whether it is one.
@_silgen_name("swift_retainCount")
private func swiftRetainCount(_ object: UnsafeMutableRawPointer) -> Int

/// Bytes of Swift memory a userdata stands for, told to Lua's collector: a view and its layer
/// are about ten times the size of the userdata Lua sees, and without this a loop that drops
/// views would collect them ten times too rarely.
private let hostBytesPerObject = 512

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
        let box = lua_newuserdatauv(L, MemoryLayout<ObjectBox>.size, 2)!
        box.initializeMemory(as: ObjectBox.self, repeating: ObjectBox(
            object: Unmanaged<AnyObject>.passRetained(host).toOpaque(), boundClass: boundClass.index,
            marker: ObjectBox.ourMarker, flags: 0), count: 1)
        lua_rawgeti(L, transit_registryindex(), lua_Integer(boundClass.metatableReference))
        lua_setmetatable(L, -2)
        lua_pushvalue(L, -1)
        lua_rawsetp(L, -3, key)
        transit_remove(L, -2)
        userdataMadeSinceSweep += 1
        hostBytesSinceStep += hostBytesPerObject
        if hostBytesSinceStep >= 16 << 10 {
            transit_gcdebt(L, Int32(hostBytesSinceStep >> 10))
            hostBytesSinceStep = 0
        }
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

    /// The host object at `index`, if the value is one of ours and not yet released. Every
    /// object a script hands to the host passes here or `handedToHost`.
    func object(at index: Int32) -> AnyObject? {
        guard let box = objectBox(at: index), let raw = box.pointee.object else { return nil }
        handedToHost(box, at: index)
        return Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue()
    }

    /// An object a script passes to the host (an argument, a receiver, a value to store) may
    /// be kept by the model from now on: if it carries state, root it until the next sweep
    /// finds out. Without this, an object the sweep found kept only by scripts could be stored
    /// by the model and then lose its table when the scripts drop it.
    @inline(__always)
    func handedToHost(_ box: UnsafeMutablePointer<ObjectBox>, at index: Int32) {
        let flags = box.pointee.flags
        guard flags & ObjectBox.Flags.state != 0, flags & ObjectBox.Flags.rooted == 0 else { return }
        root(box, at: index)
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

    /// Pushes the object's own table, creating it if asked.
    @discardableResult
    func pushObjectTable(at index: Int32, create: Bool) -> Bool {
        let index = lua_absindex(L, index)
        if lua_getiuservalue(L, index, 1) == LUA_TTABLE { return true }
        transit_pop(L, 1)
        guard create, let box = objectBox(at: index), let raw = box.pointee.object else {
            lua_pushnil(L)
            return false
        }
        lua_createtable(L, 0, 0)
        lua_pushvalue(L, -1)
        lua_setiuservalue(L, index, 1)
        box.pointee.flags |= ObjectBox.Flags.hasTable
        // Held by more than its userdata: the model holds it, so its table must outlive the
        // userdata. Held by the userdata alone (a view just made), it needs no root.
        if swiftRetainCount(raw) > 1 { root(box, at: index) }
        return true
    }

    private func root(_ box: UnsafeMutablePointer<ObjectBox>, at index: Int32) {
        guard let raw = box.pointee.object else { return }
        let index = lua_absindex(L, index)
        lua_rawgeti(L, transit_registryindex(), lua_Integer(rootsTableReference))
        lua_pushvalue(L, index)
        lua_rawsetp(L, -2, raw)
        transit_pop(L, 1)
        box.pointee.flags |= ObjectBox.Flags.rooted
    }

    private func unroot(_ box: UnsafeMutablePointer<ObjectBox>) {
        guard let raw = box.pointee.object else { return }
        lua_rawgeti(L, transit_registryindex(), lua_Integer(rootsTableReference))
        lua_pushnil(L)
        lua_rawsetp(L, -2, raw)
        transit_pop(L, 1)
        box.pointee.flags &= ~ObjectBox.Flags.rooted
    }

    /// Pushes the userdata of a host object if it has one (nothing is created); false if not.
    func pushExistingUserdata(of object: HostObject) -> Bool {
        lua_rawgeti(L, transit_registryindex(), lua_Integer(identityTableReference))
        if lua_rawgetp(L, -1, Unmanaged.passUnretained(object).toOpaque()) == LUA_TUSERDATA {
            transit_remove(L, -2)
            return true
        }
        transit_pop(L, 2)
        return false
    }

    /// How many host objects are rooted for their state (tests).
    var rootedObjectCount: Int { entryCount(ofRegistryTable: rootsTableReference) }

    /// How many host objects have a userdata (tests).
    var userdataCount: Int { entryCount(ofRegistryTable: identityTableReference) }

    private func entryCount(ofRegistryTable reference: Int32) -> Int {
        lua_rawgeti(L, transit_registryindex(), lua_Integer(reference))
        defer { transit_pop(L, 1) }
        var count = 0
        lua_pushnil(L)
        while lua_next(L, -2) != 0 { count += 1; transit_pop(L, 1) }
        return count
    }
}

// MARK: - The sweep

extension LuaRuntime {
    /// A host function is starting: if a collection cycle ended since the last sweep and no
    /// model code is on the stack (this call came straight from a script the host runs, and
    /// time is not moving), sweep now.
    @inline(__always)
    func sweepIfDueAtHostEntry() {
        // `sweepDue` stays set while a sweep is not worth it yet, so this runs on most host
        // entries: the world's flag (an exclusivity check, another module's property) comes last.
        guard limits.pointee.sweepDue != 0, limits.pointee.inHost == 1, sweepIsWorthIt, !world.isAdvancing else { return }
        sweepObjectGraph()
    }

    /// A sweep walks every object Lua holds and what they reach; what it can free was made since
    /// the last one (a cycle needs a userdata, and a userdata is made by a push). Waiting until
    /// half as many userdata were made as the last sweep walked keeps its cost a constant per
    /// userdata made: an effect that holds a thousand views and makes a few each frame does not
    /// walk all of them after every collection cycle.
    private var sweepIsWorthIt: Bool { userdataMadeSinceSweep * 2 >= objectsAtLastSweep }

    /// Decides, for every object Lua holds a userdata of, whether the model holds it (root its
    /// state) or only scripts do (let Lua's collector decide, keeping what it holds alive
    /// through its userdata).
    ///
    /// The graph is every object with a userdata and every object those reach through
    /// ObjectGraph's strong references (a presentation controller's container view, which
    /// scripts never touched, holds the dimming view they made). An object's strong references
    /// are counted; those from objects of the graph are subtracted, and one more for its
    /// userdata. What is left comes from outside the graph: the model (the window, a running
    /// transition, a closure the run loop keeps). Such an object is held by the model, and so
    /// is everything it reaches; the rest only scripts keep alive.
    func sweepObjectGraph() {
        limits.pointee.sweepDue = 0
        guard !isClosing else { return }
        let top = lua_gettop(L)
        // Nothing may be finalized while the sweep holds raw pointers to objects.
        let collectorWasRunning = transit_gcisrunning(L) != 0
        transit_gcstop(L)
        defer {
            if collectorWasRunning { transit_gcrestart(L) }
            lua_settop(L, top)
        }
        userdataMadeSinceSweep = 0
        lua_rawgeti(L, transit_registryindex(), lua_Integer(identityTableReference))
        let identity = lua_gettop(L)

        // The objects with a userdata, then what they reach.
        var objects: [UnsafeMutableRawPointer] = []
        var boxes: [UnsafeMutablePointer<ObjectBox>?] = []
        var indexByObject: [UnsafeMutableRawPointer: Int] = [:]
        lua_pushnil(L)
        while lua_next(L, identity) != 0 {
            if let box = objectBox(at: -1), let raw = box.pointee.object {
                indexByObject[raw] = objects.count
                objects.append(raw)
                boxes.append(box)
            }
            transit_pop(L, 1)
        }
        var children: [[Int]] = []
        var incoming = [Int](repeating: 0, count: objects.count)
        var cursor = 0
        while cursor < objects.count {
            var found: [Int] = []
            Unmanaged<AnyObject>.borrow(objects[cursor]) { object in
                guard let host = object as? HostObject else { return }
                ObjectGraph.forEachStrongReference(of: host) { child in
                    let raw = Unmanaged.passUnretained(child).toOpaque()
                    let index: Int
                    if let known = indexByObject[raw] {
                        index = known
                    } else {
                        index = objects.count
                        indexByObject[raw] = index
                        objects.append(raw)
                        boxes.append(nil)
                        incoming.append(0)
                    }
                    incoming[index] += 1
                    found.append(index)
                }
            }
            children.append(found)
            cursor += 1
        }
        objectsAtLastSweep = objects.count
        // Counted once the walk is over: the sweep itself holds no reference by then.
        var heldByModel = objects.indices.map { index in
            swiftRetainCount(objects[index]) - (boxes[index] == nil ? 0 : 1) - incoming[index] != 0
        }
        var pending = objects.indices.filter { heldByModel[$0] }
        while let index = pending.popLast() {
            for child in children[index] where !heldByModel[child] {
                heldByModel[child] = true
                pending.append(child)
            }
        }

        // For each userdata of an object only scripts keep: the userdata of the objects it
        // holds (directly, or through objects without a userdata) that only scripts keep.
        var kept = [[Int]](repeating: [], count: objects.count)
        var keptByHolder = [Bool](repeating: false, count: objects.count)
        for index in objects.indices where boxes[index] != nil && !heldByModel[index] {
            var seen: Set<Int> = [index]
            var stack = children[index]
            while let next = stack.popLast() {
                guard !heldByModel[next], seen.insert(next).inserted else { continue }
                if boxes[next] != nil {
                    kept[index].append(next)
                    keptByHolder[next] = true
                } else {
                    stack.append(contentsOf: children[next])
                }
            }
        }

        for index in objects.indices {
            guard let box = boxes[index] else { continue }
            if keptByHolder[index] {
                box.pointee.flags |= ObjectBox.Flags.keptByHolder
            } else {
                box.pointee.flags &= ~ObjectBox.Flags.keptByHolder
            }
            let flags = box.pointee.flags
            if heldByModel[index] {
                if flags & ObjectBox.Flags.keepsChildren != 0 {
                    pushUserdata(box, identity: identity)
                    lua_pushnil(L)
                    lua_setiuservalue(L, -2, 2)
                    transit_pop(L, 1)
                    box.pointee.flags &= ~ObjectBox.Flags.keepsChildren
                }
                if flags & ObjectBox.Flags.hasTable != 0 && flags & ObjectBox.Flags.rooted == 0 {
                    pushUserdata(box, identity: identity)
                    root(box, at: -1)
                    transit_pop(L, 1)
                }
                continue
            }
            if flags & ObjectBox.Flags.rooted != 0 { unroot(box) }
            guard !kept[index].isEmpty || flags & ObjectBox.Flags.keepsChildren != 0 else { continue }
            pushUserdata(box, identity: identity)
            if kept[index].isEmpty {
                lua_pushnil(L)
                box.pointee.flags &= ~ObjectBox.Flags.keepsChildren
            } else {
                lua_createtable(L, Int32(kept[index].count), 0)
                for (position, child) in kept[index].enumerated() {
                    pushUserdata(boxes[child]!, identity: identity)
                    lua_rawseti(L, -2, lua_Integer(position + 1))
                }
                box.pointee.flags |= ObjectBox.Flags.keepsChildren
            }
            lua_setiuservalue(L, -2, 2)
            transit_pop(L, 1)
        }
    }

    private func pushUserdata(_ box: UnsafeMutablePointer<ObjectBox>, identity: Int32) {
        lua_rawgetp(L, identity, box.pointee.object!)
    }
}

extension LuaRuntime {
    public func turnDidEnd() {
        if limits.pointee.sweepDue != 0, sweepIsWorthIt { sweepObjectGraph() }
    }

    static let deinitHook = Hook.Object.deinitialize.rawValue

    /// Lets the Swift object of the userdata at `index` go, as its finalizer would.
    private func release(objectAt index: Int32) {
        guard let box = objectBox(at: index), let raw = box.pointee.object else { return }
        lua_rawgeti(L, transit_registryindex(), lua_Integer(identityTableReference))
        if lua_rawgetp(L, -1, raw) == LUA_TUSERDATA, lua_rawequal(L, -1, index) != 0 {
            lua_pushnil(L)
            lua_rawsetp(L, -3, raw)
        }
        transit_pop(L, 2)
        if box.pointee.flags & ObjectBox.Flags.rooted != 0 {
            lua_rawgeti(L, transit_registryindex(), lua_Integer(rootsTableReference))
            lua_pushnil(L)
            lua_rawsetp(L, -2, raw)
            transit_pop(L, 1)
            box.pointee.flags &= ~ObjectBox.Flags.rooted
        }
        box.pointee.object = nil
        Unmanaged<AnyObject>.fromOpaque(raw).release()
    }

    /// `deinit` of Lua subclass instances that went away: UIKit's objects are told at once
    /// (ARC), so code that cleans up there (ARNTransitionAnimator removes its gesture
    /// recognizer from the view) relies on it. Lua finds garbage only when it collects, so while
    /// objects with a `deinit` exist each turn ends with a full collection, and the deinits of
    /// what it found run then, in the order found: at the end of the turn that dropped the
    /// last reference, the same instant in every run. A deinit's error is the turn's error.
    public func runPendingDeinits() throws {
        // Script __gc finalizers first, at this same point of every turn (sandbox.c).
        if limits.pointee.finalizersAlive > 0 || limits.pointee.finalizerSequence > 0 {
            transit_runfinalizers(L)
            if transit_takefinalizerfailure(L) != 0 { throw takeFinalizerFailure() }
        }
        guard objectsAwaitingDeinit > 0 else { return }
        // The sweep first: an object handed to the host stays rooted until a sweep finds the
        // model does not hold it (a recognizer holds its target and delegate weakly).
        sweepObjectGraph()
        transit_collectgarbage(L)
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        lua_rawgeti(L, transit_registryindex(), lua_Integer(pendingDeinitsReference))
        let pending = lua_gettop(L)
        let count = Int(lua_rawlen(L, pending))
        guard count > 0 else { return }
        // Taken out first: a deinit that drops more objects queues them for the next turn.
        lua_createtable(L, 0, 0)
        lua_rawseti(L, transit_registryindex(), lua_Integer(pendingDeinitsReference))
        var firstError: Error?
        for position in 1...count {
            lua_settop(L, pending)
            lua_rawgeti(L, pending, lua_Integer(position))
            let object = lua_gettop(L)
            objectsAwaitingDeinit -= 1
            if pushOverride(objectAt: object, Self.deinitHook) {
                lua_pushvalue(L, object)
                if transit_pcall(L, 1, 0) != LUA_OK, firstError == nil { firstError = takeError() }
            }
            // Gone now, as after a Swift deinit: weak references (a recognizer's delegate and
            // target) read nil, and the userdata, if a script still reaches it, says it was
            // released.
            release(objectAt: object)
        }
        if let firstError { throw firstError }
    }
}

/// `__gc`: releases the Swift object, unless the model still holds it and it has a table (the
/// model may hand it to a script again): then the userdata stays, rooted, and is finalized again
/// when the sweep lets it go.
func collectObject(_ L: OpaquePointer?) -> Int32 {
    LuaRuntime.serving(L) { runtime in
        guard let box = runtime.objectBox(at: 1), let raw = box.pointee.object else { return 0 }
        lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.identityTableReference))
        let identity = lua_gettop(L)
        let registered = lua_rawgetp(L, identity, raw) == LUA_TUSERDATA
        // Called by hand (`getmetatable(v).__gc(v)`), the userdata is still registered: it lives
        // on, released, and the object must not be pushed as it again.
        let calledByHand = registered && lua_rawequal(L, -1, 1) != 0
        let replacement = registered && !calledByHand ? lua_gettop(L) : nil
        if !calledByHand, replacement == nil, !runtime.isClosing,
           box.pointee.flags & ObjectBox.Flags.state != 0, swiftRetainCount(raw) > 1 {
            lua_pushvalue(L, 1)
            lua_rawsetp(L, identity, raw)
            // Kept by a holder at the last sweep, the holder's userdata is garbage too and its
            // finalizer is about to let this object go: finalized again next cycle, it will be
            // released then. Otherwise the model took it without the sweep knowing: root it.
            if box.pointee.flags & ObjectBox.Flags.keptByHolder == 0 {
                lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.rootsTableReference))
                lua_pushvalue(L, 1)
                lua_rawsetp(L, -2, raw)
                box.pointee.flags |= ObjectBox.Flags.rooted
            }
            // Finalized once, a userdata is finalized again only if its metatable is set again.
            lua_getmetatable(L, 1)
            lua_setmetatable(L, 1)
            lua_settop(L, 1)
            return 0
        }
        if let replacement, box.pointee.flags & ObjectBox.Flags.hasTable != 0,
           let other = ObjectBox.at(replacement, in: L!), other.pointee.flags & ObjectBox.Flags.hasTable == 0 {
            // The object was pushed again between this userdata's collection and its
            // finalizer: the new userdata takes over the table.
            lua_getiuservalue(L, 1, 1)
            lua_setiuservalue(L, replacement, 1)
            other.pointee.flags |= ObjectBox.Flags.hasTable
        }
        if !calledByHand, replacement == nil, !runtime.isClosing,
           box.pointee.flags & (ObjectBox.Flags.hasTable | ObjectBox.Flags.deinitQueued) == ObjectBox.Flags.hasTable,
           runtime.pushOverride(objectAt: 1, LuaRuntime.deinitHook) {
            // Going away with a `deinit`: kept (registered again, in the pending list, to be
            // finalized once more) until the end of the turn runs it, since a finalizer may
            // run in the middle of model code.
            transit_pop(L, 1)
            box.pointee.flags |= ObjectBox.Flags.deinitQueued
            lua_pushvalue(L, 1)
            lua_rawsetp(L, identity, raw)
            lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.pendingDeinitsReference))
            lua_pushvalue(L, 1)
            lua_rawseti(L, -2, lua_Integer(lua_rawlen(L, -2) + 1))
            lua_getmetatable(L, 1)
            lua_setmetatable(L, 1)
            lua_settop(L, 1)
            return 0
        }
        if calledByHand {
            lua_pushnil(L)
            lua_rawsetp(L, identity, raw)
        }
        lua_settop(L, 1)
        box.pointee.object = nil
        if box.pointee.flags & ObjectBox.Flags.rooted != 0 {
            lua_rawgeti(L, transit_registryindex(), lua_Integer(runtime.rootsTableReference))
            lua_pushnil(L)
            lua_rawsetp(L, -2, raw)
            transit_pop(L, 1)
            box.pointee.flags &= ~ObjectBox.Flags.rooted
        }
        Unmanaged<AnyObject>.fromOpaque(raw).release()
        return 0
    }
}
