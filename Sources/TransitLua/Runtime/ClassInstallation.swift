import CLua
import TransitCore

// Installing the API into a fresh state: a table per class (statics, methods, constants,
// `new`, `subclass`), a metatable per object class with its dispatch tables, the `transit`
// namespace. Everything a call needs later is resolved here, once per class: the metamethods
// find properties by one raw lookup of the key in a table of light userdata (PropertyEntry),
// and every bound function's closure carries its HostFunctionEntry as an upvalue.

extension LuaRuntime {
    func installClasses() {
        // In declaration order (superclasses first): a class's metatable links its base's table.
        for cls in api.classes {
            pushClassTable(cls)
            // A nested class (UIViewController.Transition) is a member of its owner's table,
            // as in Swift, and no global; its owner comes before it in the list.
            if let dot = cls.name.lastIndex(of: ".") {
                lua_getglobal(L, String(cls.name[..<dot]))
                lua_pushstring(L, String(cls.name[cls.name.index(after: dot)...]))
                lua_pushvalue(L, -3)
                lua_rawset(L, -3)
                transit_pop(L, 2)
                continue
            }
            lua_setglobal(L, cls.name)
        }
        for function in api.globals {
            pushHostFunction(function, owner: nil, qualifiedName: function.name)
            lua_setglobal(L, function.name)
        }
        // The transit namespace.
        lua_createtable(L, 0, 0)
        for function in api.namespace.functions {
            // "touch.tap" lives in the sub-table transit.touch.
            let parts = function.name.split(separator: ".").map(String.init)
            if parts.count == 2 {
                if lua_getfield(L, -1, parts[0]) != LUA_TTABLE {
                    transit_pop(L, 1)
                    lua_createtable(L, 0, 4)
                    lua_pushvalue(L, -1)
                    lua_setfield(L, -3, parts[0])
                }
                pushHostFunction(function, owner: nil, qualifiedName: "transit.\(function.name)")
                lua_setfield(L, -2, parts[1])
                transit_pop(L, 1)
            } else {
                pushHostFunction(function, owner: nil, qualifiedName: "transit.\(function.name)")
                lua_setfield(L, -2, function.name)
            }
        }
        lua_setglobal(L, "transit")
        installUnavailableClassGlobals()
        resolveValueMetatables()
    }

    /// Tells each setter C reads a value table for which metatable that value's class has
    /// (known once every class is installed; the registry keeps the metatables for the life
    /// of the state, so their addresses do not change).
    private func resolveValueMetatables() {
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        for entry in propertyEntries {
            guard let name = entry.valueType?.luaName else { continue }
            lua_getfield(L, -1, name)
            entry.cSetter.pointee.valueMetatable = lua_topointer(L, -1)
            transit_pop(L, 1)
        }
        transit_pop(L, 1)
    }

    /// Pushes a bound function as a Lua closure whose upvalue is its entry.
    func pushHostFunction(_ function: APIFunction, owner: APIClass?, qualifiedName: String) {
        let entry = HostFunctionEntry(function, owner: owner, qualifiedName: qualifiedName, api: api)
        hostFunctions.append(entry)
        lua_pushlightuserdata(L, entry.lightUserdata)
        transit_pushhostfunction(L, { L in dispatchHostFunction(L) }, 1)
    }

    /// A property's entry, kept for the life of the state, as a light userdata.
    @discardableResult
    private func pushPropertyEntry(_ property: APIProperty, qualifiedName: String) -> PropertyEntry {
        let entry = PropertyEntry(property, qualifiedName: qualifiedName, api: api, limits: limits)
        propertyEntries.append(entry)
        lua_pushlightuserdata(L, entry.lightUserdata)
        return entry
    }

    /// Builds a class table (statics, methods, constants), its object metatable (objects) or
    /// value metatable (values), and its `subclass`/`new`.
    private func pushClassTable(_ cls: APIClass) {
        lua_createtable(L, 0, 0)
        let classTable = lua_gettop(L)
        lua_pushstring(L, cls.name)
        lua_setfield(L, classTable, "__name")
        lua_pushboolean(L, 1)
        lua_setfield(L, classTable, "__bound")
        for function in cls.functions {
            pushHostFunction(function, owner: cls, qualifiedName: "\(cls.name).\(function.name)")
            lua_setfield(L, classTable, function.name)
        }
        for method in cls.methods {
            pushHostFunction(method, owner: cls, qualifiedName: "\(cls.name).\(method.name)")
            lua_setfield(L, classTable, method.name)
        }
        // Class table metatable: statics inherit from the superclass; calling the class
        // constructs (`CGRect(0, 0, 10, 10)`, `Card(...)`).
        lua_createtable(L, 0, 2)
        let statics = api.unavailableStatics[cls.name] ?? []
        // Swift spellings of statics Lua names otherwise (`UIView.animateWithDuration`,
        // `UIPresentationController.init`): SwiftSpellings.swift.
        let spelt = SwiftSpellings.members.filter { $0.isStatic && $0.owner == cls.name }
            .filter { spelling in !cls.functions.contains { $0.name == spelling.spelling } && !cls.methods.contains { $0.name == spelling.spelling } }
        if !statics.isEmpty || !spelt.isEmpty {
            // UIKit class methods Transit lacks say so when read; anything else goes on to the
            // superclass's table as before.
            if let superclass = cls.superclass { lua_getglobal(L, superclass) } else { lua_pushnil(L) }
            lua_createtable(L, 0, Int32(statics.count + spelt.count))
            for name in statics {
                lua_pushstring(L, "\(cls.name).\(name) is not available in Transit")
                lua_setfield(L, -2, name)
            }
            for spelling in spelt {
                lua_pushstring(L, SwiftSpellings.message(spelling))
                lua_setfield(L, -2, spelling.spelling)
            }
            transit_pushhostfunction(L, { L in indexClassTable(L) }, 2)
            lua_setfield(L, -2, "__index")
        } else if let superclass = cls.superclass {
            lua_getglobal(L, superclass)
            lua_setfield(L, -2, "__index")
        }
        transit_pushhostfunction(L, { L in callClassTable(L) }, 0)
        lua_setfield(L, -2, "__call")
        lua_setmetatable(L, classTable)

        if cls.isValue {
            installValueMetatable(cls, classTable: classTable)
        } else {
            installObjectMetatable(cls, classTable: classTable)
            if cls.construct != nil {
                lua_pushvalue(L, classTable)
                transit_pushhostfunction(L, { L in constructInstance(L) }, 1)
                lua_setfield(L, classTable, "new")
            }
            if cls.isSubclassable {
                lua_pushvalue(L, classTable)
                transit_pushhostfunction(L, { L in makeSubclass(L) }, 1)
                lua_setfield(L, classTable, "subclass")
            }
        }
        // Constants last: object constants (UIScreen.main) need the metatable installed.
        var call = HostCall(runtime: self, name: cls.name, base: 1)
        var prototypes: Int32?
        for constant in cls.constants {
            // A value constant is a new value on every read, as a Swift value is copied on
            // assignment: `local t = CATransform3D.identity; t.m34 = -1 / 500` must not change
            // the identity for everyone after. Its prototype is kept apart.
            if case .value = constant.type {
                if prototypes == nil { lua_createtable(L, 0, 1); prototypes = lua_gettop(L) }
                constant.push(&call)
                lua_setfield(L, prototypes!, constant.name)
                continue
            }
            constant.push(&call)
            lua_setfield(L, classTable, constant.name)
        }
        if let prototypes {
            // This __index replaces the one above: the statics' messages go with the prototypes.
            for name in statics {
                lua_pushstring(L, "\(cls.name).\(name) is not available in Transit")
                lua_setfield(L, prototypes, name)
            }
            for spelling in spelt {
                lua_pushstring(L, SwiftSpellings.message(spelling))
                lua_setfield(L, prototypes, spelling.spelling)
            }
            lua_getmetatable(L, classTable)
            lua_pushvalue(L, prototypes)
            transit_pushhostfunction(L, { L in copyValueConstant(L) }, 1)
            lua_setfield(L, -2, "__index")
            lua_settop(L, prototypes - 1)
        }
    }

    /// Value classes: `__index` reaches methods and computed fields, `__eq` and `__tostring`.
    private func installValueMetatable(_ cls: APIClass, classTable: Int32) {
        lua_createtable(L, 0, 4)
        lua_pushstring(L, cls.name)
        lua_setfield(L, -2, "__name")
        // Computed read-only properties (minX, isIdentity, ...) by name.
        lua_createtable(L, 0, Int32(cls.properties.count))
        for property in cls.properties {
            pushPropertyEntry(property, qualifiedName: "\(cls.name).\(property.name)")
            lua_setfield(L, -2, property.name)
        }
        lua_pushvalue(L, classTable)
        // Swift spellings of the value's methods, read only on a miss (SwiftSpellings.swift).
        let spelt = SwiftSpellings.members.filter { !$0.isStatic && $0.owner == cls.name }
        lua_createtable(L, 0, Int32(spelt.count))
        for spelling in spelt {
            lua_pushstring(L, SwiftSpellings.message(spelling))
            lua_setfield(L, -2, spelling.spelling)
        }
        transit_pushhostfunction(L, { L in indexValue(L) }, 3)
        lua_setfield(L, -2, "__index")
        transit_pushhostfunction(L, { L in valueEquals(L) }, 0)
        lua_setfield(L, -2, "__eq")
        transit_pushhostfunction(L, { L in valueToString(L) }, 0)
        lua_setfield(L, -2, "__tostring")
        for metamethod in cls.metamethods {
            transit_pushhostfunction(L, metamethod.function, 0)
            lua_setfield(L, -2, metamethod.name)
        }
        lua_getfield(L, transit_registryindex(), Self.valueMetatablesKey)
        lua_rotate(L, -2, 1)
        lua_setfield(L, -2, cls.name)
        transit_pop(L, 1)
    }

    /// Object classes: one metatable per bound class for its userdata, with the class's
    /// dispatch tables as upvalues of its metamethods:
    /// - `__index` (upvalues: getters, then the class tables of the lineage, nearest first):
    ///   the object's own table and Lua classes, then the class tables, then a getter;
    /// - `__newindex` (CLua/assignment.c, upvalues: setters, then the field names of the value
    ///   types they take): a setter (a transit_Setter), or `false` for a read-only property.
    private func installObjectMetatable(_ cls: APIClass, classTable: Int32) {
        let boundClass = BoundClass(name: cls.name, index: boundClasses.count)
        boundClasses.append(boundClass)
        boundClassIndexByName[cls.name] = boundClass.index

        lua_createtable(L, 0, 6)
        let metatable = lua_gettop(L)
        lua_pushstring(L, cls.name)
        lua_setfield(L, metatable, "__name")
        lua_pushvalue(L, classTable)
        lua_setfield(L, metatable, "__class")
        // Protected: getmetatable(view) gives the class name and setmetatable refuses, so a
        // script cannot call the metamethods with another self or take them away (the
        // metamethods still check self: --unsafe scripts reach them through debug).
        lua_pushstring(L, cls.name)
        lua_setfield(L, metatable, "__metatable")
        // Getters and setters of the class and its ancestors (a subclass's declaration wins).
        let lineage = api.lineage(cls.name)
        lua_createtable(L, 0, 0)
        let getters = lua_gettop(L)
        lua_createtable(L, 0, 0)
        let setters = lua_gettop(L)
        // The value types whose fields the C path reads for these setters, each with the upvalue
        // of its first field's name (__newindex below).
        var valueTypes: [(type: any BridgedValue.Type, firstField: Int32)] = []
        var readingFields: [PropertyEntry] = []
        var nextUpvalue: Int32 = 3
        for ancestor in lineage.reversed() {
            for property in ancestor.properties {
                let qualifiedName = "\(ancestor.name).\(property.name)"
                let entry = pushPropertyEntry(property, qualifiedName: qualifiedName)
                if let type = entry.valueType {
                    readingFields.append(entry)
                    if let known = valueTypes.first(where: { ObjectIdentifier($0.type) == ObjectIdentifier(type) }) {
                        entry.cSetter.pointee.firstField = known.firstField
                    } else {
                        valueTypes.append((type, nextUpvalue))
                        entry.cSetter.pointee.firstField = nextUpvalue
                        nextUpvalue += Int32(type.fieldNames.count)
                    }
                }
                boundClass.overridableProperties[property.name] = property.isOverridable ? entry : nil
                // The setter table holds what the C path reads, which leads to the entry;
                // false marks a read-only property.
                if property.setter != nil { lua_pushlightuserdata(L, entry.cSetter) } else { lua_pushboolean(L, 0) }
                lua_setfield(L, setters, property.name)
                lua_setfield(L, getters, property.name)
            }
        }
        // UIKit members Transit lacks: a message in place of a getter, read only on a miss.
        for (name, owner) in KnownMembers.byClass[cls.name]?.unavailable ?? [:] {
            lua_pushstring(L, Self.unavailableMessage(owner, name))
            lua_setfield(L, getters, name)
        }
        // Swift names of members Lua spells otherwise (`coordinator.animate`): SwiftSpellings.swift.
        let members = Set(KnownMembers.byClass[cls.name]?.members ?? [])
        let lineageNames = Set(lineage.map(\.name))
        for spelling in SwiftSpellings.members where !spelling.isStatic && lineageNames.contains(spelling.owner) && !members.contains(spelling.spelling) {
            lua_pushstring(L, SwiftSpellings.message(spelling))
            lua_setfield(L, getters, spelling.spelling)
        }
        // __index: the getters, then each class table of the lineage.
        lua_pushvalue(L, getters)
        lua_pushvalue(L, classTable)
        for ancestor in lineage.dropFirst() { lua_getglobal(L, ancestor.name) }
        transit_pushhostfunction(L, { L in indexObject(L) }, Int32(1 + lineage.count))
        lua_setfield(L, metatable, "__index")
        // __newindex: the setters and the field names value tables are read by (CLua/assignment.c).
        lua_pushvalue(L, setters)
        var names = nextUpvalue - 3
        if lua_checkstack(L, names + 1) == 0 {
            // No room for the names (memory is short): these setters read their values in Swift.
            for entry in readingFields { entry.cSetter.pointee.kind = Int32(TRANSIT_VALUE_OTHER) }
            names = 0
        } else {
            for (type, _) in valueTypes { for name in type.fieldNames { lua_pushstring(L, name) } }
        }
        transit_pushassign(L, { L in assignObject(L) }, names)
        lua_setfield(L, metatable, "__newindex")
        lua_settop(L, metatable)
        transit_pushhostfunction(L, { L in collectObject(L) }, 0)
        lua_setfield(L, metatable, "__gc")
        transit_pushhostfunction(L, { L in objectToString(L) }, 0)
        lua_setfield(L, metatable, "__tostring")
        boundClass.metatableReference = luaL_ref(L, transit_registryindex())
    }
}

/// `__index` of a class table with unavailable class methods (upvalues: the superclass table or
/// nil, then name → message): the message for those names, else the superclass's field.
func indexClassTable(_ L: OpaquePointer?) -> Int32 {
    let L = L!
    lua_pushvalue(L, 2)
    if lua_rawget(L, transit_upvalueindex(3)) == LUA_TSTRING { return raiseUnavailable(L) }
    transit_pop(L, 1)
    guard lua_type(L, transit_upvalueindex(2)) == LUA_TTABLE else { return 0 }
    lua_pushvalue(L, 2)
    // A plain read of the superclass table: its own metatable continues the chain. Only
    // class tables are on this chain, whose metamethods do not raise.
    lua_gettable(L, transit_upvalueindex(2))
    return 1
}
